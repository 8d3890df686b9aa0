import { DEFAULT_ACCESS_SPEC } from '../engine';
import { getMode, NO_MODE_LINK, type ModeDefinition } from '../player/modes';
import type { PlayerContext } from '../player/playerTypes';
import { DEFAULT_PLAYER_URL, type PlayerUrl } from './playerUrl';

/** Where a link to this moment goes: the machine's context, the scene on stage and the clock's time. */
export interface LinkMoment {
  readonly context: PlayerContext;
  /** The mode open, and the table it is in. */
  readonly mode: string;
  readonly modes: readonly ModeDefinition[];
  readonly sceneId: string;
  readonly time: number;
  readonly lessonUrl: string | null;
  /** How the page shows the player, which links keep but the machine has no part in. */
  readonly page: Pick<PlayerUrl, 'embed' | 'origins'>;
}

/** What a link to the moment says; the URL writer and the embed element write it out. */
export function getContextUrl({ context, mode, modes, sceneId, time, lessonUrl, page }: LinkMoment): PlayerUrl {
  const { stage } = getMode(mode, modes);
  return {
    ...DEFAULT_PLAYER_URL,
    mode,
    scene: context.access === null ? sceneId : null,
    time,
    speed: context.speed,
    present: context.view.presenting,
    access: stage === 'explore' ? (context.access ?? DEFAULT_ACCESS_SPEC) : DEFAULT_ACCESS_SPEC,
    link: stage === 'shown' ? (context.links[mode] ?? NO_MODE_LINK) : NO_MODE_LINK,
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
