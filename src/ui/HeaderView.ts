import type { PlayerSession } from '../session/PlayerSession';
import { createWebVtt, getPlanCaptions } from '../timeline/createWebVtt';
import type { ReadingSpeed } from '../timeline/planTimeline';
import type { VoiceTrack } from '../voice/VoiceTrack';
import type { ExportDialogView } from './ExportDialogView';
import { lazyParts } from './lazyParts';
import { loadOnFirstUse, type LoadReport } from './loadOnFirstUse';
import { getMomentUrl } from './UrlWriter';

/**
 * The header: the scene's title, reading speed, a link to this moment, export, and the whole
 * lesson's captions as WebVTT.
 */
export class HeaderView {
  /** The export dialog, once made: its code loads when Export is first pressed (or before, on idle). */
  private exportDialog: ExportDialogView | null = null;
  /** Export was pressed and the dialog is on its way: Esc meanwhile means it should not open. */
  private opening = false;

  constructor(root: HTMLElement, session: PlayerSession, voiceTrack: Promise<VoiceTrack>, report: LoadReport) {
    const control = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-control="${name}"]`)!;
    const title = root.querySelector<HTMLElement>('[data-testid="scene-title"]')!;
    session.on('scene', ({ entry }) => {
      title.textContent = entry.title;
      document.title = `${entry.title} · Bank-conflict player`;
    });

    const reading = control<HTMLSelectElement>('reading-speed');
    reading.addEventListener('change', () =>
      session.send({ type: 'reading.set', readingSpeed: reading.value as ReadingSpeed }),
    );

    const vtt = control<HTMLAnchorElement>('vtt');
    session.select(
      ({ stage }) => stage,
      (stage) => (vtt.hidden = stage !== 'lesson'),
    );
    // The whole lesson's captions as one file, scene after scene, at the reading speed chosen: made
    // when the link is followed (its default action reads the address this sets), since it plans
    // every scene of the lesson.
    let made: string | null = null;
    session.on('scene', () => (made = null));
    vtt.addEventListener('click', () => {
      if (made !== null) return;
      let offset = 0;
      const captions = session.program.flatMap((_, i) => {
        const plan = session.getPlan(i);
        const scene = getPlanCaptions(plan, offset);
        offset += plan.duration;
        return scene;
      });
      URL.revokeObjectURL(vtt.href);
      made = vtt.href = URL.createObjectURL(new Blob([createWebVtt(captions)], { type: 'text/vtt' }));
    });

    const copy = control<HTMLButtonElement>('copy-link');
    const label = [...copy.childNodes];
    copy.addEventListener('click', async () => {
      const url = getMomentUrl(session);
      history.replaceState(null, '', url);
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = 'Link copied';
      } catch {
        copy.textContent = 'Copy failed: the link is in the address bar';
      }
      setTimeout(() => copy.replaceChildren(...label), 2500);
    });

    // Clips carry the instructor's takes: the dialog is made with the lesson's voice track.
    const getDialog = loadOnFirstUse(
      'The export dialog',
      () =>
        Promise.all([lazyParts.exportDialog(), voiceTrack]).then(
          ([{ ExportDialogView }, track]) => (this.exportDialog = new ExportDialogView(session, track)),
        ),
      report,
    );
    control('export').addEventListener('click', () => {
      session.send({ type: 'playback.pause' });
      this.opening = true;
      void getDialog().then((dialog) => {
        if (this.opening) dialog?.open();
        this.opening = false;
      });
    });
  }

  /**
   * Closes the export dialog unless an export is running, or stops it opening if it is on its way;
   * `false` when it stays (or was not) open.
   */
  closeExportDialog(): boolean {
    if (this.opening) {
      this.opening = false;
      return true;
    }
    return this.exportDialog?.close() ?? false;
  }
}
