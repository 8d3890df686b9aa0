import banks from './banks';
import broadcast from './broadcast';
import columnRead from './column-read';
import cuda from './cuda';
import type { Chapter, Scene } from './defineScene';
import everyOther from './every-other';
import furtherLimits from './further-limits';
import halfPrecision from './half-precision';
import ldmatrix from './ldmatrix';
import stores from './stores';
import swizzle from './swizzle';
import threadBlock from './thread-block';
import vectorPadding from './vector-padding';
import widePhases from './wide-phases';
import everyOtherFull from './every-other-full';
import limits from './limits';
import padding from './padding';
import rowRead from './row-read';
import tryIt from './try-it';

/** The lesson page's scenes, in its order. */
const LESSON: readonly Scene[] = [
  banks,
  rowRead,
  columnRead,
  padding,
  broadcast,
  everyOther,
  everyOtherFull,
  cuda,
  tryIt,
  limits,
];

/** Beyond the lesson: the accesses real kernels make. */
const GOING_FURTHER: readonly Scene[] = [
  widePhases,
  vectorPadding,
  halfPrecision,
  threadBlock,
  swizzle,
  ldmatrix,
  stores,
  furtherLimits,
];

/** The walkthrough, in teaching order: the lesson, then the chapter that goes further. */
export const SCENES: readonly Scene[] = [...LESSON, ...GOING_FURTHER];

/** The walkthrough's chapters: each from its first scene to the next one's. */
export const CHAPTERS: readonly Chapter[] = [
  { id: 'lesson', title: 'The lesson', start: LESSON[0].id },
  { id: 'going-further', title: 'Going further', start: GOING_FURTHER[0].id },
];

export type * from './defineScene';
