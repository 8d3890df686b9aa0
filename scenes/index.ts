import banks from './banks';
import broadcast from './broadcast';
import columnRead from './column-read';
import cuda from './cuda';
import type { Scene } from './defineScene';
import everyOther from './every-other';
import everyOtherFull from './every-other-full';
import limits from './limits';
import padding from './padding';
import rowRead from './row-read';
import tryIt from './try-it';

/** The walkthrough, in teaching order. */
export const SCENES: readonly Scene[] = [
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

export type * from './defineScene';
