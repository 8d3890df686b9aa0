import { DEFAULT_ACCESS_SPEC } from '../engine';
import type { PlayerContext } from '../player/playerTypes';
import type { KernelLink } from '../kernel/kernelParams';
import type { PuzzleLink } from './puzzleParams';
import { DEFAULT_PLAYER_URL, type Mode, type PlayerUrl } from './playerUrl';

/** Where a link to this moment goes: the machine's context, the scene on stage and the clock's time. */
export interface LinkMoment {
  readonly context: PlayerContext;
  readonly mode: Mode;
  readonly sceneId: string;
  readonly time: number;
  readonly lessonUrl: string | null;
  /** Kernel mode's source, launch and instruction on stage. */
  readonly kernel: KernelLink;
  /** Puzzles mode's puzzle open. */
  readonly puzzle: PuzzleLink;
  /** How the page shows the player, which links keep but the machine has no part in. */
  readonly page: Pick<PlayerUrl, 'embed' | 'origins'>;
}

/** What a link to the moment says; the URL writer and the embed element write it out. */
export function getContextUrl({
  context,
  mode,
  sceneId,
  time,
  lessonUrl,
  kernel,
  puzzle,
  page,
}: LinkMoment): PlayerUrl {
  return {
    ...DEFAULT_PLAYER_URL,
    mode,
    scene: context.access === null ? sceneId : null,
    time,
    speed: context.speed,
    present: context.view.presenting,
    access: mode === 'explore' ? (context.access ?? DEFAULT_ACCESS_SPEC) : DEFAULT_ACCESS_SPEC,
    kernel: mode === 'kernel' ? kernel : DEFAULT_PLAYER_URL.kernel,
    puzzle: mode === 'puzzles' ? puzzle : DEFAULT_PLAYER_URL.puzzle,
    predict: context.predict,
    lanes: context.view.lanes,
    voice: context.view.voiceOver,
    edit: context.view.editing,
    lesson: lessonUrl,
    captions: context.view.captions,
    end: context.view.stayInScene ? 'scene' : 'lesson',
    ...page,
  };
}
