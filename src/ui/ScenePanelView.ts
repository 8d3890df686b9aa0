import { DEFAULT_BANK_MODEL, getSchedule, getSpecTile } from '../engine';
import type { ProgramEntry } from '../program/createProgram';
import type { PlayerSession } from '../session/PlayerSession';
import type { FrameRecord } from '../timeline/getFrame';
import { CodePanelView } from './panels/CodePanelView';
import { createNotesPanel } from './panels/createNotesPanel';
import { createQuizPanel } from './panels/createQuizPanel';
import { createReferencesPanel } from './panels/createReferencesPanel';
import { createTilePanel } from './panels/createTilePanel';
import { TablePanelView } from './panels/TablePanelView';

interface Panel {
  readonly element: HTMLElement;
  update?(frame: FrameRecord): void;
}

/**
 * What a scene shows beside the stage, in the order its data lists: the worked example's table,
 * the tile in memory, a code listing, the try-it questions, references, notes.
 */
export class ScenePanelView {
  private panels: Panel[] = [];
  private entry: ProgramEntry | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
  ) {
    session.on('scene', ({ entry }) => this.show(entry));
    session.on('state', ({ mode }) => (this.root.hidden = mode === 'explore' || this.panels.length === 0));
    session.on('frame', (frame) => this.update(frame));
  }

  private show(entry: ProgramEntry): void {
    // A re-timed scene keeps its panels, and so the learner's answers in them.
    if (entry === this.entry) return;
    this.entry = entry;
    this.panels = entry.panels.flatMap((kind): Panel[] => {
      switch (kind) {
        case 'table':
          return entry.table ? [new TablePanelView(entry.table)] : [];
        case 'tile': {
          const tile = getSpecTile(entry.spec);
          const schedule = getSchedule(entry.access, DEFAULT_BANK_MODEL);
          return tile?.ok ? [{ element: createTilePanel(tile.value, schedule) }] : [];
        }
        case 'code':
          return entry.code ? [new CodePanelView(entry.code)] : [];
        case 'quiz':
          return [{ element: createQuizPanel(entry, this.session) }];
        case 'references':
          return [{ element: createReferencesPanel(entry.references) }];
        case 'notes':
          return [{ element: createNotesPanel(entry.notes) }];
      }
    });
    this.root.hidden = this.panels.length === 0;
    this.root.replaceChildren(...this.panels.map((p) => p.element));
  }

  /** Follows the clock: live panels fill in and light up what the beat names. */
  private update(frame: FrameRecord): void {
    for (const panel of this.panels) panel.update?.(frame);
  }
}
