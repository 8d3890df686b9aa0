import type { InstructionForm } from './instructionForms';
import {
  startLoopFrame,
  type Binding,
  type KernelInterpreter,
  type LoopFrame,
  type Recorder,
} from './kernelInterpreter';
import type { Place } from './laneValues';
import type { Mask } from './laneMask';
import type { SourcePosition } from './syntaxNode';

/** A loop around a traced access, inside the run: where it was then. */
interface TracedLoop {
  readonly statement: LoopFrame['statement'];
  readonly iteration: number;
  /** Its variables' values then (`undefined` where a binding holds no value of its own). */
  readonly values: readonly unknown[];
  /** Whether it was started again since the access before: a run gives it a new frame. */
  readonly started: boolean;
}

/** A shared access made in a loop's run: what the recorder was given, and the loops inside the run around it. */
export interface TracedAccess {
  readonly place: Place;
  readonly form: InstructionForm;
  readonly mask: Mask;
  readonly at: SourcePosition;
  readonly loops: readonly TracedLoop[];
}

/** Accesses a run may make and still be kept: a longer one is run every time. */
const MAX_ACCESSES = 4096;

/**
 * The recorder while a loop runs for `LoopMemo`: records as the run's recorder does, and keeps each
 * access with the loops it was made in, from the loop at `depth` of the stack inward, so that a
 * later start with the same values can record the same again without running.
 */
export class LoopTrace implements Recorder {
  readonly accesses: TracedAccess[] = [];
  /** More accesses than are kept were made. */
  full = false;
  private readonly frames: LoopFrame[] = [];

  constructor(
    private readonly k: KernelInterpreter,
    private readonly recorder: Recorder,
    private readonly depth: number,
  ) {}

  getInstructions() {
    return this.recorder.getInstructions();
  }

  get steps() {
    return this.recorder.steps;
  }

  step(at: SourcePosition) {
    this.recorder.step(at);
  }

  stepMany(at: SourcePosition, count: number) {
    this.recorder.stepMany(at, count);
  }

  record(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition) {
    this.recorder.record(place, form, mask, at);
    if (mask === 0 || this.full) return;
    if (this.accesses.length === MAX_ACCESSES) {
      this.full = true;
      return;
    }
    const { k, depth } = this;
    const loops: TracedLoop[] = [];
    for (let d = depth; d < k.loops.length; d++) {
      const frame = k.loops[d];
      // The recorder looked every loop's bindings up as it took the loops' values.
      const bindings = frame.bindings ?? [];
      loops.push({
        statement: frame.statement,
        iteration: frame.iteration,
        values: bindings.map(valueOf),
        started: this.frames[d - depth] !== frame,
      });
      this.frames[d - depth] = frame;
    }
    this.accesses.push({ place, form, mask, at, loops });
  }
}

/**
 * Records a run's accesses again, each inside frames that hold its loops' iterations and values as
 * the run's did, above the loops on the stack now (those around the loop, at their values now).
 */
export function replayAccesses(k: KernelInterpreter, accesses: readonly TracedAccess[]) {
  const depth = k.loops.length;
  const frames: LoopFrame[] = [];
  try {
    for (const access of accesses) {
      const { loops } = access;
      for (let i = 0; i < loops.length; i++) {
        const loop = loops[i];
        let frame = frames[i];
        if (loop.started || frame === undefined || !holdsLike(frame, loop.values))
          frame = frames[i] = { ...startLoopFrame(loop.statement, k.scope), bindings: loop.values.map(holding) };
        else
          for (let b = 0; b < loop.values.length; b++) {
            const binding = frame.bindings![b];
            if (binding !== null) (binding as { value: unknown }).value = loop.values[b];
          }
        frame.iteration = loop.iteration;
        if (k.loops[depth + i] !== frame) k.loops[depth + i] = frame;
      }
      if (k.loops.length !== depth + loops.length) k.loops.length = depth + loops.length;
      k.recorder.record(access.place, access.form, access.mask, access.at);
    }
  } finally {
    k.loops.length = depth;
  }
}

/** A stand-in binding holding `value` as the loop's variable did (none where it held no value). */
const holding = (value: unknown): Binding | null =>
  value === undefined ? null : ({ kind: 'variable', value } as unknown as Binding);

/** Whether a frame's stand-ins hold a value where, and only where, `values` has one. */
function holdsLike(frame: LoopFrame, values: readonly unknown[]): boolean {
  const bindings = frame.bindings!;
  for (let b = 0; b < values.length; b++) if ((bindings[b] === null) !== (values[b] === undefined)) return false;
  return true;
}

/** A loop variable's value (an array or a reference has none of its own). */
const valueOf = (binding: Binding | null) => (binding?.kind === 'variable' ? binding.value : undefined);
