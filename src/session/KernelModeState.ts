import { DEFAULT_ACCESS_SPEC, type AccessSpec } from '../engine';
import type { SessionCommand } from '../player/playerMachine';
import { NO_KERNEL_LINK, type KernelLink } from '../kernel/kernelParams';
import { NO_PUZZLE_LINK, type PuzzleLink } from './puzzleParams';

/** The modes that put their own instructions on Explore's stage. */
export type StageMode = 'kernel' | 'puzzles';

/** What such a mode puts on stage: an access, under its own title, and what the caption says of it (Kernel mode: its conflict in words). */
export interface StageShown {
  readonly access: AccessSpec;
  readonly title: string;
  readonly caption?: string;
}

/**
 * What the session keeps of Kernel mode (and of Puzzles mode, which shows its instructions the
 * same way) beside the machine: whether one is on (the machine then plays Explore's program, with
 * the mode's instruction as its access), its link, and Explore's own access from before, which
 * the way to Explore goes back to.
 */
export class KernelModeState {
  on = false;
  /** Which of the two is on. */
  kind: StageMode = 'kernel';
  link: KernelLink = NO_KERNEL_LINK;
  puzzle: PuzzleLink = NO_PUZZLE_LINK;
  /** What the instruction on stage is called ("transposeCoalesced, line 27: warp 3, j = 8"). */
  title: string | null = null;
  /** What the caption under the stage says of it (no beat of Explore's says anything). */
  caption = '';
  private beforeKernel: AccessSpec | null = null;

  /**
   * The mode is where a link opens: its first instruction is known once the page has analysed the
   * kernel (or graded the puzzle's answer), and until then Explore's default access stands on stage.
   */
  start(kind: StageMode, link: KernelLink, puzzle: PuzzleLink): AccessSpec {
    this.enter(DEFAULT_ACCESS_SPEC, kind);
    this.link = link;
    this.puzzle = puzzle;
    return DEFAULT_ACCESS_SPEC;
  }

  /** The mode is opened while Explore has `access` (the one it showed last; `null`: from the other mode). */
  enter(access: AccessSpec | null, kind: StageMode): void {
    if (access !== null) this.beforeKernel = access;
    this.on = true;
    this.kind = kind;
    this.title = null;
  }

  /** The mode's link (its kernel, or its puzzle), and the title and caption of what it puts on stage (`null`: they stay). */
  show(kind: StageMode, link: KernelLink | PuzzleLink, shown: StageShown | null): void {
    if (kind === 'kernel') this.link = link as KernelLink;
    else this.puzzle = link as PuzzleLink;
    this.title = shown?.title ?? this.title;
    this.caption = shown?.caption ?? this.caption;
  }

  /** The scene on stage, called by the mode's instruction's title. */
  name<T extends { readonly entry: { readonly title: string } }>(scene: T): T {
    return this.on && this.title !== null ? { ...scene, entry: { ...scene.entry, title: this.title } } : scene;
  }

  /**
   * A command as the machine is to have it: one that opens Explore or the lesson leaves the mode,
   * and Explore opened without an access shows the one it had before.
   */
  take(command: SessionCommand): SessionCommand {
    if (!this.on || (command.type !== 'explore.open' && command.type !== 'lesson.open')) return command;
    this.on = false;
    if (command.type === 'explore.open' && !command.access && this.beforeKernel)
      return { ...command, access: this.beforeKernel };
    return command;
  }
}
