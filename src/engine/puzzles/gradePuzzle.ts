import { createAccess } from '../access';
import { createSpec, type AccessSpec } from '../accessSpec';
import { getElementBytes, type ElementType } from '../elementTypes';
import { groupDigits } from '../groupDigits';
import { getSchedule, type Schedule } from '../schedule';
import { DEFAULT_BLOCK } from '../threadBlock';
import { createWarpRequest } from '../warpRequest';
import { getPuzzleInstructions, type PuzzleCell, type PuzzleInstruction } from './getPuzzleInstructions';
import type { PuzzleLayout } from './readPuzzleAnswer';
import type { PuzzleAccess, PuzzleDefinition } from './puzzleTypes';

/** What failed first: the answer itself, the budget, two elements in one place, a vector split, or an access's rounds. */
export type PuzzleFailure = 'answer' | 'budget' | 'overlap' | 'vector' | 'rounds';

/** How one access fared: its worst instruction's rounds against those allowed. */
export interface PuzzleAccessResult {
  readonly name: string;
  readonly rounds: number;
  readonly allowed: number;
  /** The `i` of its worst instruction. */
  readonly worst: number;
}

/** An access for the stage: Explore's spec of one instruction, and what to call it. */
export interface PuzzleStageAccess {
  readonly access: AccessSpec;
  readonly title: string;
}

/** The grader's word on an answer. */
export interface PuzzleVerdict {
  readonly passed: boolean;
  readonly failure: PuzzleFailure | null;
  /** What passed, or what fails and where, in a sentence or two. */
  readonly message: string;
  /** The accesses checked (all of them when it passed). */
  readonly accesses: readonly PuzzleAccessResult[];
  /** The instruction the verdict is about (the worst conflict), or the last access's worst when it passed. */
  readonly stage: PuzzleStageAccess | null;
  /** The worst conflict: two lanes that want different words of one bank in one round. */
  readonly conflict: { readonly lanes: readonly [number, number]; readonly bank: number } | null;
  /** Two elements the layout puts in the same place. */
  readonly overlap: readonly [PuzzleCell, PuzzleCell] | null;
}

const cell = (c: PuzzleCell) => `(${c.row}, ${c.col})`;

/** The type a lane's vector of `vector` elements of `type` moves as one. */
function getVectorType(type: ElementType, vector: number): ElementType {
  if (vector === 1) return type;
  const bytes = getElementBytes(type) * vector;
  return bytes === 2 ? 'char2' : bytes === 4 ? 'half2' : bytes === 8 ? 'float2' : 'float4';
}

const failed = (
  failure: PuzzleFailure,
  message: string,
  more: Partial<Pick<PuzzleVerdict, 'accesses' | 'stage' | 'conflict' | 'overlap'>> = {},
): PuzzleVerdict => ({
  passed: false,
  failure,
  message,
  accesses: [],
  stage: null,
  conflict: null,
  overlap: null,
  ...more,
});

/** A verdict on an answer that could not be read. */
export const getAnswerVerdict = (reason: string): PuzzleVerdict => failed('answer', reason);

/** Where the busiest bank of the busiest phase first serves two different words: the two lanes, the bank, the words. */
function findConflict(schedule: Schedule) {
  const phase = schedule.phases.reduce((a, b) => (b.rounds > a.rounds ? b : a));
  const bank = phase.busiestBanks[0];
  const queue = schedule.banks[bank].queue.filter((q) => q.phase === phase.phase);
  return { bank, first: queue[0], second: queue[1] };
}

/**
 * Grades a layout against a puzzle: every element of the tile has its own bytes inside the budget
 * (no two overlap), a lane's vector is consecutive and aligned, and every instruction of every
 * access takes at most its rounds by the engine's schedule. The verdict names the first failure
 * and the access to put on stage.
 */
export function gradePuzzle(puzzle: PuzzleDefinition, layout: PuzzleLayout): PuzzleVerdict {
  const size = getElementBytes(puzzle.type);
  const at = (c: PuzzleCell) => layout.index[c.row * layout.cols + c.col];
  const owner = new Map<number, PuzzleCell>();
  for (let row = 0; row < puzzle.rows; row++)
    for (let col = 0; col < puzzle.cols; col++) {
      const here = { row, col };
      const index = at(here);
      if (index < 0)
        return failed('budget', `Element ${cell(here)} is at index ${index}: a layout’s indices start at 0.`);
      if ((index + 1) * size > puzzle.budget)
        return failed(
          'budget',
          `Element ${cell(here)} is at index ${groupDigits(index)}, bytes ${groupDigits(index * size)}–${groupDigits((index + 1) * size - 1)}: past the budget of ${groupDigits(puzzle.budget)} bytes.`,
        );
      const other = owner.get(index);
      if (other)
        return failed(
          'overlap',
          `Elements ${cell(other)} and ${cell(here)} overlap: both are at index ${groupDigits(index)}. Every element needs its own ${size === 4 ? 'word' : `${size} bytes`}.`,
          { overlap: [other, here] },
        );
      owner.set(index, here);
    }

  const results: PuzzleAccessResult[] = [];
  let stage: PuzzleStageAccess | null = null;
  for (let k = 0; k < puzzle.accesses.length; k++) {
    const access = puzzle.accesses[k];
    const plan = getPuzzleInstructions(puzzle, k);
    if (!plan.ok) return failed('answer', plan.error.reason);
    const { vector, matrices } = plan.value;
    const type = access.op === 'ldmatrix' ? puzzle.type : getVectorType(puzzle.type, vector);
    let worst: { rounds: number; schedule: Schedule; instruction: PuzzleInstruction } | null = null;
    for (const instruction of plan.value.instructions) {
      const elements: (number | null)[] = [];
      for (const [lane, c] of instruction.cells.entries()) {
        if (c === null) {
          elements.push(null);
          continue;
        }
        const base = at(c);
        for (let e = 1; e < vector; e++)
          if (at({ row: c.row, col: c.col + e }) !== base + e)
            return failed(
              'vector',
              `The ${access.name} (i = ${instruction.i}): lane ${lane} moves elements ${cell(c)} to ${cell({ row: c.row, col: c.col + vector - 1 })} as one ${groupDigits(vector * size)}-byte vector, but the layout does not keep them consecutive.`,
            );
        if (base % vector !== 0)
          return failed(
            'vector',
            `The ${access.name} (i = ${instruction.i}): lane ${lane}’s vector at ${cell(c)} starts at byte ${groupDigits(base * size)}, which is not ${vector * size}-byte aligned.`,
          );
        elements.push(access.op === 'ldmatrix' ? base : base / vector);
      }
      const made = createAccess(elements);
      const request = made.ok
        ? createWarpRequest(made.value, { op: access.op, type, matrices, block: DEFAULT_BLOCK, warp: 0, swizzle: null })
        : made;
      if (!request.ok) return failed('vector', `The ${access.name} (i = ${instruction.i}): ${request.error.reason}.`);
      const schedule = getSchedule(request.value);
      if (!worst || schedule.rounds > worst.rounds) worst = { rounds: schedule.rounds, schedule, instruction };
    }
    const { rounds, schedule, instruction } = worst!;
    results.push({ name: access.name, rounds, allowed: access.rounds, worst: instruction.i });
    stage = getStageAccess(puzzle, access, instruction, schedule, type, matrices);
    if (rounds > access.rounds) {
      const { bank, first, second } = findConflict(schedule);
      const [a, b] = [first.lanes[0], second.lanes[0]];
      return failed(
        'rounds',
        `The ${access.name} takes ${rounds} rounds at i = ${instruction.i}, over the ${access.rounds} allowed: lanes ${a} and ${b} both want bank ${bank}, for words ${groupDigits(first.word)} and ${groupDigits(second.word)} (elements ${cell(instruction.cells[a]!)} and ${cell(instruction.cells[b]!)}).`,
        { accesses: results, stage, conflict: { lanes: [a, b], bank } },
      );
    }
  }
  const spans = Math.max(...layout.index) + 1;
  return {
    passed: true,
    failure: null,
    message: `Every element has its own place in ${groupDigits(spans * size)} of the ${groupDigits(puzzle.budget)} bytes, and every access meets its rounds: ${results.map((r) => `${r.name} ${r.rounds} (of ${r.allowed})`).join(', ')}.`,
    accesses: results,
    stage,
    conflict: null,
    overlap: null,
  };
}

/** An instruction as Explore's word list, with the type and operation that make its request. */
function getStageAccess(
  puzzle: PuzzleDefinition,
  access: PuzzleAccess,
  instruction: PuzzleInstruction,
  schedule: Schedule,
  type: ElementType,
  matrices: 1 | 2 | 4,
): PuzzleStageAccess {
  return {
    access: createSpec({ pattern: 'list', words: [...schedule.request.elements], type, op: access.op, x: matrices }),
    title: `${puzzle.title}: ${access.name}, i = ${instruction.i}`,
  };
}
