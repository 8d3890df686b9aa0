import type { SessionCommand } from '../player/playerMachine';
import type { ProgramChapter } from '../program/getChapters';
import type { PlayerSession } from '../session/PlayerSession';
import { roundLabel, type TimelinePlan } from '../timeline/planTimeline';
import { createElement } from './createElement';

type Send = (event: SessionCommand) => void;

const formatSeconds = (t: number) => `${t.toFixed(1)} s`;

/**
 * The transport: play/pause, a live scrubber with round and beat ticks, round and scene steps,
 * speed, loop, "play next scene", and the position. It renders what it is told and turns input into
 * machine events; it never moves the clock itself.
 */
export class TransportView {
  private readonly scrubber: HTMLElement;
  private readonly fill: HTMLElement;
  private readonly thumb: HTMLElement;
  private readonly ticks: HTMLElement;
  private readonly position: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly speed: HTMLSelectElement;
  private readonly sceneSelect: HTMLSelectElement;
  private duration = 1;
  private rounds = 0;
  private shown = '';
  /** The scrubber's width in CSS pixels, kept by a ResizeObserver so a frame never asks for layout. */
  private width = 0;
  private time = 0;

  private readonly send: Send;

  constructor(root: HTMLElement, session: PlayerSession) {
    const send: Send = (event) => session.send(event);
    this.send = send;
    const control = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-control="${name}"]`)!;
    this.scrubber = control('scrubber');
    this.fill = this.scrubber.querySelector('.scrubber-fill')!;
    this.thumb = this.scrubber.querySelector('.scrubber-thumb')!;
    this.ticks = this.scrubber.querySelector('.scrubber-ticks')!;
    this.position = root.querySelector('[data-testid="position"]')!;
    this.playButton = control('play');
    this.speed = control('speed');
    this.sceneSelect = control('scene');

    this.playButton.addEventListener('click', () => send({ type: 'playback.toggle' }));
    control('restart').addEventListener('click', () => send({ type: 'playback.restart' }));
    control('round-prev').addEventListener('click', () => send({ type: 'round.prev' }));
    control('round-next').addEventListener('click', () => send({ type: 'round.next' }));
    control('scene-prev').addEventListener('click', () => send({ type: 'scene.prev' }));
    control('scene-next').addEventListener('click', () => send({ type: 'scene.next' }));
    this.speed.addEventListener('change', () => send({ type: 'speed.set', speed: Number(this.speed.value) }));
    control<HTMLInputElement>('loop').addEventListener('change', (e) =>
      send({ type: 'loop.set', loop: (e.target as HTMLInputElement).checked }),
    );
    control<HTMLInputElement>('auto-advance').addEventListener('change', (e) =>
      send({ type: 'autoAdvance.set', autoAdvance: (e.target as HTMLInputElement).checked }),
    );
    this.sceneSelect.addEventListener('change', () => {
      const index = this.sceneIds.indexOf(this.sceneSelect.value);
      if (index >= 0) send({ type: 'scene.goto', index });
    });
    this.bindScrubber();
    new ResizeObserver(([entry]) => {
      this.width = entry.contentRect.width;
      this.placeThumb();
    }).observe(this.scrubber);
    let listed: string | null = null;
    session.on('program', () => (listed = null));
    session.on('scene', ({ plan, index, entry }) => {
      // The menu lists the lesson's scenes, or Explore's one access.
      if (listed !== session.mode) {
        listed = session.mode;
        const lesson = session.getSnapshot().stage === 'lesson';
        this.setScenes(lesson ? session.program : [entry], lesson ? session.chapters : [], index);
      }
      if (session.getSnapshot().stage !== 'lesson') this.sceneSelect.options[0].textContent = entry.title;
      this.setPlan(plan, index);
    });
    session.on('frame', (frame) => this.setTime(frame.time, frame.round));
    session.select(
      ({ state, context }) => [state === 'playing' || state === 'held', context.speed, context.view.marks] as const,
      ([playing, speed, marks]) => {
        this.setPlaying(playing);
        this.setSpeed(speed);
        this.setMarks(marks.in, marks.out);
      },
    );
  }

  private bindScrubber(): void {
    const timeAt = (clientX: number) => {
      const box = this.scrubber.getBoundingClientRect();
      return (Math.min(Math.max(clientX - box.left, 0), box.width) / Math.max(1, box.width)) * this.duration;
    };
    this.scrubber.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.scrubber.setPointerCapture(e.pointerId);
      this.scrubber.focus();
      this.send({ type: 'scrub.start' });
      this.send({ type: 'scrub.move', time: timeAt(e.clientX) });
    });
    this.scrubber.addEventListener('pointermove', (e) => {
      if (this.scrubber.hasPointerCapture(e.pointerId)) this.send({ type: 'scrub.move', time: timeAt(e.clientX) });
    });
    const end = (e: PointerEvent) => {
      if (!this.scrubber.hasPointerCapture(e.pointerId)) return;
      this.scrubber.releasePointerCapture(e.pointerId);
      this.send({ type: 'scrub.end' });
    };
    this.scrubber.addEventListener('pointerup', end);
    this.scrubber.addEventListener('pointercancel', end);
  }

  /**
   * Lists the scenes in the scene menu, grouped by chapter when there is more than one, numbered
   * through the whole lesson (as keys 1–9 number its first nine); each option's value is its
   * scene's id, as `scene=` links name it.
   */
  private setScenes(
    scenes: readonly { readonly id: string; readonly title: string }[],
    chapters: readonly ProgramChapter[],
    current: number,
  ): void {
    this.sceneIds = scenes.map((s) => s.id);
    const option = (i: number) =>
      createElement(
        'option',
        { value: scenes[i].id },
        scenes.length > 1 ? `${i + 1}. ${scenes[i].title}` : scenes[i].title,
      );
    const range = (first: number, last: number) =>
      Array.from({ length: last - first + 1 }, (_, k) => option(first + k));
    this.sceneSelect.replaceChildren(
      ...(chapters.length > 1
        ? chapters.map((c) => createElement('optgroup', { label: c.title }, ...range(c.first, c.last)))
        : range(0, scenes.length - 1)),
    );
    this.sceneSelect.value = this.sceneIds[current] ?? '';
    this.sceneSelect.disabled = scenes.length < 2;
  }

  /** The scene ids of the menu's options, in the lesson's order. */
  private sceneIds: readonly string[] = [];

  /** Sets up the scrubber for a plan: its length, and ticks at every round and narration beat. */
  private setPlan(plan: TimelinePlan, sceneIndex: number): void {
    this.duration = plan.duration;
    this.rounds = plan.schedule.rounds;
    this.sceneSelect.value = this.sceneIds[sceneIndex] ?? '';
    // The closed menu cuts a long title: the whole of it shows on hover.
    this.sceneSelect.title = this.sceneSelect.selectedOptions[0]?.textContent ?? '';
    this.scrubber.setAttribute('aria-valuemax', plan.duration.toFixed(2));
    const percent = (t: number) => `${((t / plan.duration) * 100).toFixed(3)}%`;
    this.ticks.replaceChildren(
      ...plan.rounds.map((r) =>
        createElement('span', { class: 'round', style: `left: ${percent(plan.labels[roundLabel(r.round)])}` }),
      ),
      ...plan.beats.map((b) => createElement('span', { class: 'beat', style: `left: ${percent(b.start)}` })),
    );
    this.shown = '';
  }

  /**
   * Shows the clock's position; called on every drawn frame. The fill and the thumb move by
   * transforms on layers of their own, so a frame lays nothing out and repaints nothing.
   */
  private setTime(time: number, round: number): void {
    this.time = time;
    this.fill.style.transform = `scaleX(${(time / this.duration).toFixed(5)})`;
    this.placeThumb();
    const value = time.toFixed(3);
    if (value === this.shown) return;
    this.shown = value;
    this.scrubber.setAttribute('aria-valuenow', value);
    // The words change ten times a second at most; writing them only then spares a layout a frame.
    const text = `Round ${round} / ${this.rounds} · ${formatSeconds(time)} / ${formatSeconds(this.duration)}`;
    if (this.position.textContent === text) return;
    this.position.textContent = text;
    this.scrubber.setAttribute('aria-valuetext', `Round ${round} of ${this.rounds}, ${formatSeconds(time)}`);
  }

  private placeThumb(): void {
    this.thumb.style.transform = `translateX(${((this.time / this.duration) * this.width).toFixed(2)}px)`;
  }

  /** Shows the export's in/out marks as a band on the scrubber. */
  private setMarks(from: number | null, to: number | null): void {
    const band = this.scrubber.querySelector<HTMLElement>('.scrubber-range')!;
    band.hidden = from === null && to === null;
    const a = from ?? 0;
    const b = to ?? this.duration;
    band.style.left = `${(Math.min(a, b) / this.duration) * 100}%`;
    band.style.width = `${(Math.abs(b - a) / this.duration) * 100}%`;
  }

  private setPlaying(playing: boolean): void {
    this.playButton.textContent = playing ? '❚❚' : '▶︎';
    this.playButton.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  }

  private setSpeed(speed: number): void {
    if (this.speed.value === String(speed)) return;
    this.speed.value = String(speed);
    if (this.speed.value !== String(speed)) {
      this.speed.append(createElement('option', { value: String(speed) }, `${speed}×`));
      this.speed.value = String(speed);
    }
  }
}
