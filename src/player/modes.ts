import { KERNEL_KEYS } from '../kernel/kernelParams';

/**
 * What a mode plays on the stage: the lesson's scenes (`lesson`), one access chosen by hand
 * (`explore`), or the instruction its own panel puts there (`shown`: a kernel's, a puzzle's).
 */
export type ModeStage = 'lesson' | 'explore' | 'shown';

/**
 * How the page is laid out in a mode: the lesson's (the scene menu and the captions' tools), a
 * panel beside the stage (`panel`), or a wider one that takes a larger share of the page (`wide`).
 */
export type ModeLayout = 'lesson' | 'panel' | 'wide';

/**
 * One mode of the player, as the mode switch, the machine, links, embed messages, clips and the
 * page's layout all read it.
 *
 * @remarks
 * A mode's panel is the lazily loaded part of the page in `src/ui/<id>/` (see `src/ui/modeParts.ts`),
 * made the first time the mode opens; its machine state is made from {@link stage}
 * (`src/player/modeStates.ts`).
 */
export interface ModeDefinition {
  /** Its one name in the code, the machine's state and `data-mode` on the player's root. */
  readonly id: string;
  /** Its button in the mode switch. */
  readonly label: string;
  /**
   * The words `mode=` takes for it: the first is what links and embed messages write, the others
   * are read too (older links). The first mode's links write no `mode=` at all.
   */
  readonly words: readonly string[];
  readonly stage: ModeStage;
  /** The link parameters of its own (a `shown` mode's: what its panel puts on stage), in the order a link writes them. */
  readonly link: readonly string[];
  readonly layout: ModeLayout;
  /** What its lazily loaded panel is called where it fails to load (`null`: it has none). */
  readonly part: string | null;
  /** Its panel's code is fetched once the page is idle, before it is opened (few visits open a large one). */
  readonly prefetch: boolean;
  /** On a phone, the button that scrolls down to its panel (`null`: none). */
  readonly jump: string | null;
}

/** Kernel mode: a kernel's instructions on stage, line by line (its link: the source, launch and instruction). */
export const KERNEL_MODE = {
  id: 'kernel',
  label: 'Kernel',
  words: ['kernel'],
  stage: 'shown',
  link: KERNEL_KEYS,
  layout: 'wide',
  part: 'Kernel mode',
  // An editor and a C++ parser: fetched only when opened.
  prefetch: false,
  jump: 'The kernel ↓',
} as const satisfies ModeDefinition;

/** The player's modes, in the mode switch's order; the first is where a link without `mode=` opens. */
export const MODES = [
  {
    id: 'lesson',
    label: 'Lesson',
    words: ['walkthrough', 'lesson'],
    stage: 'lesson',
    link: [],
    layout: 'lesson',
    part: null,
    prefetch: false,
    jump: null,
  },
  {
    id: 'explore',
    label: 'Explore',
    words: ['explore'],
    stage: 'explore',
    link: [],
    layout: 'panel',
    part: 'Explore’s panel',
    prefetch: true,
    jump: 'Choose the access ↓',
  },
  KERNEL_MODE,
  {
    id: 'puzzles',
    label: 'Puzzles',
    words: ['puzzles'],
    stage: 'shown',
    link: ['puzzle', 'answer'],
    layout: 'wide',
    part: 'Puzzles mode',
    prefetch: false,
    jump: 'The puzzle ↓',
  },
] as const satisfies readonly ModeDefinition[];

/** The mode of `table` called `id` (the first, where none is). */
export const getMode = (id: string, table: readonly ModeDefinition[] = MODES): ModeDefinition =>
  table.find((m) => m.id === id) ?? table[0];

/** The mode `mode=<word>` opens, or `null` for a word no mode of `table` takes. */
export const findModeByWord = (word: string, table: readonly ModeDefinition[] = MODES): ModeDefinition | null =>
  table.find((m) => m.words.includes(word)) ?? null;

/** A mode's own part of a link (Kernel mode's kernel, Puzzles mode's puzzle), by parameter, as written. */
export type ModeLink = { readonly [key: string]: string | undefined };

export const NO_MODE_LINK: ModeLink = Object.freeze({});
