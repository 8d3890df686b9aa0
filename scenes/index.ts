import banks from './banks';
import broadcast from './broadcast';
import columnRead from './column-read';
import type { Scene } from './defineScene';
import everyOther from './every-other';
import padding from './padding';
import rowRead from './row-read';

/** The walkthrough, in teaching order. */
export const SCENES: readonly Scene[] = [banks, rowRead, columnRead, padding, broadcast, everyOther];

export type { Scene } from './defineScene';
