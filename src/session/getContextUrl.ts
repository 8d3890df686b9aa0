import { DEFAULT_ACCESS_SPEC } from '../engine';
import type { PlayerContext } from '../player/playerTypes';
import { DEFAULT_PLAYER_URL, type Mode, type PlayerUrl } from './playerUrl';

/** Where a link to this moment goes: the machine's context, the scene on stage and the clock's time. */
export interface LinkMoment {
  readonly context: PlayerContext;
  readonly mode: Mode;
  readonly sceneId: string;
  readonly time: number;
  readonly lessonUrl: string | null;
  /** How the page shows the player, which links keep but the machine has no part in. */
  readonly page: Pick<PlayerUrl, 'embed' | 'origins'>;
}

/** What a link to the moment says; the URL writer and the embed element write it out. */
export function getContextUrl({ context, mode, sceneId, time, lessonUrl, page }: LinkMoment): PlayerUrl {
  return {
    ...DEFAULT_PLAYER_URL,
    mode,
    scene: context.access === null ? sceneId : null,
    time,
    speed: context.speed,
    present: context.view.presenting,
    access: context.access ?? DEFAULT_ACCESS_SPEC,
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
