import { DEFAULT_ACCESS_SPEC, type AccessSpec } from '../engine';
import type { SessionCommand } from '../player/playerMachine';
import { NO_KERNEL_LINK, type KernelLink } from './kernelParams';

/** What Kernel mode puts on stage: an instruction's access, its title, and its conflict in words for the caption. */
export interface KernelOnStage {
  readonly access: AccessSpec;
  readonly title: string;
  readonly caption: string;
}

/**
 * What the session keeps of Kernel mode beside the machine: whether it is on (the machine then
 * plays Explore's program, with the kernel's instruction as its access), the kernel as its link
 * says it, and Explore's own access from before, which the way to Explore goes back to.
 */
export class KernelModeState {
  on = false;
  link: KernelLink = NO_KERNEL_LINK;
  /** What the kernel's instruction on stage is called ("transposeCoalesced, line 27: warp 3, j = 8"). */
  title: string | null = null;
  /** What the caption under the stage says of it (no beat of Explore's says anything). */
  caption = '';
  private beforeKernel: AccessSpec | null = null;

  /**
   * Kernel mode is where a link opens: its first instruction is known once the page has analysed
   * the kernel, and until then Explore's default access stands on stage.
   */
  start(link: KernelLink): AccessSpec {
    this.enter(DEFAULT_ACCESS_SPEC);
    this.link = link;
    return DEFAULT_ACCESS_SPEC;
  }

  /** Kernel mode is opened while Explore has `access` (the one it showed last). */
  enter(access: AccessSpec): void {
    this.beforeKernel = access;
    this.on = true;
  }

  /** The scene on stage, called by the kernel's instruction's title in Kernel mode. */
  name<T extends { readonly entry: { readonly title: string } }>(scene: T): T {
    return this.on && this.title !== null ? { ...scene, entry: { ...scene.entry, title: this.title } } : scene;
  }

  /**
   * A command as the machine is to have it: one that opens Explore or the lesson leaves Kernel
   * mode, and Explore opened without an access shows the one it had before.
   */
  take(command: SessionCommand): SessionCommand {
    if (!this.on || (command.type !== 'explore.open' && command.type !== 'lesson.open')) return command;
    this.on = false;
    if (command.type === 'explore.open' && !command.access && this.beforeKernel)
      return { ...command, access: this.beforeKernel };
    return command;
  }
}
