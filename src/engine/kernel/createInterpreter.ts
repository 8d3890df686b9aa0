import { refuse } from './kernelError';
import type { KernelInstruction, LoopValues } from './kernelReport';
import { convertExpression, getField, getNamedChildren, findError } from './convertExpression';
import { getUniform, Scope, type Binding, type KernelInterpreter } from './kernelInterpreter';
import type { Expression, KernelProgram } from './kernelSyntax';
import { addPointers, INT_TYPES } from './kernelTypes';
import { countRounds, hasRace } from './countRounds';
import { getOperation } from '../operations';
import { groupDigits } from '../groupDigits';
import { hasLane, LANES, uniformInt, type IntValue, type Mask, type Place, makeLanes } from './laneValues';
import type { SharedMemoryLayout } from './layoutSharedMemory';
import { evaluate, getTruth } from './evaluateExpression';
import { convertValue } from './combineValues';
import { constantOf, runStatement } from './runStatement';
import { resolveType } from './resolveType';
import { getNodePosition, type KernelParse, type SourcePosition } from './syntaxNode';

/** What the interpreter is made from: the program, its source, the launch, the layout and the parser. */
export interface InterpreterParts {
  readonly program: KernelProgram;
  readonly source: string;
  readonly launch: KernelInterpreter['launch'];
  readonly layout: SharedMemoryLayout;
  readonly parse: KernelParse;
  readonly budget: number;
  /** Called for each instruction recorded, to sum it into its line. */
  readonly onInstruction: (instruction: KernelInstruction) => void;
}

/** The interpreter for one launch: the scopes, the warp's threads, and the record of instructions. */
export function createInterpreter(parts: InterpreterParts): KernelInterpreter {
  const { program, launch, layout } = parts;
  const macros = new Map<string, Expression>();
  let blank: string | null = null;
  const builtins = new Map<string, IntValue>();
  const unsigned = INT_TYPES['unsigned int'];
  for (const [object, value] of [
    ['blockDim', launch.block],
    ['gridDim', launch.grid],
    ['blockIdx', launch.blockIdx],
  ] as const)
    for (const axis of ['x', 'y', 'z'] as const) builtins.set(`${object}.${axis}`, uniformInt(unsigned, value[axis]));

  // Instructions' addresses live in large shared buffers, 32 to a view: small typed arrays of their
  // own would each be allocated outside V8's heap.
  let last: LoopValues[] | null = null;
  let pool = new Int32Array(0);
  let used = 0;
  const takeLanes = () => {
    if (used === pool.length) {
      pool = new Int32Array(LANES * 4096);
      used = 0;
    }
    const lanes = pool.subarray(used, (used += LANES));
    lanes.fill(-1);
    return lanes;
  };

  const k: KernelInterpreter = {
    program,
    source: parts.source,
    launch,
    globals: new Scope(null),
    templateValues: new Map(),
    templateTypes: new Map(),
    warp: 0,
    live: 0,
    threadIdx: { x: uniformInt(unsigned, 0), y: uniformInt(unsigned, 0), z: uniformInt(unsigned, 0) },
    scope: new Scope(null),
    frames: [],
    loops: [],
    steps: 0,
    budget: parts.budget,
    instructions: [],
    evaluate: (e, mask) => evaluate(k, e, mask),
    truth: (e, mask) => getTruth(k, e, mask),
    execute: (s, mask) => runStatement(k, s, mask),
    record(place: Place, form, mask: Mask, at: SourcePosition) {
      if (mask === 0) return;
      const operation = getOperation(form.op);
      const bytes = operation.laneBytes(form);
      const addresses = takeLanes();
      for (let lane = 0; lane < LANES; lane++) {
        if (!hasLane(mask, lane)) continue;
        const address = place.addresses[lane];
        const array = place.array;
        if (address % bytes === 0 && array && address >= array.base && address + bytes <= array.base + array.bytes) {
          addresses[lane] = address;
          continue;
        }
        const who = `lane ${lane} of warp ${k.warp} (thread ${k.warp * LANES + lane})`;
        if (address % bytes !== 0)
          refuse(
            at,
            `${who} ${operation.writes ? 'writes' : 'reads'} ${bytes} bytes at byte ${address} of shared memory, which is not ${bytes}-byte aligned: the GPU faults on a misaligned address`,
          );
        const holder = array ?? layout.arrays.find((a) => address >= a.base && address < a.base + a.bytes);
        if (!holder || address < holder.base || address + bytes > holder.base + holder.bytes)
          refuse(
            at,
            holder
              ? `${who} reaches bytes ${address}–${address + bytes - 1}, outside ${holder.name} (bytes ${holder.base}–${holder.base + holder.bytes - 1} of shared memory)`
              : `${who} names byte ${address} of shared memory, which no __shared__ array holds`,
          );
        addresses[lane] = address;
      }
      const { rounds, ideal } = countRounds(addresses, bytes, operation.phasing(form, bytes));
      const outer = k.frames.length > 1 ? k.frames[1].callAt : null;
      const instruction: KernelInstruction = {
        index: k.instructions.length,
        line: outer ? outer.line : at.line,
        inner: outer ? at.line : null,
        column: outer ? outer.column : at.column,
        op: form.op,
        type: form.type,
        matrices: form.matrices,
        form: form.form,
        warp: k.warp,
        addresses,
        rounds,
        ideal,
        racing: operation.writes && hasRace(addresses, bytes),
        loops: k.snapshotLoops(mask),
      };
      k.instructions.push(instruction);
      parts.onInstruction(instruction);
    },
    snapshotLoops(mask: Mask): LoopValues[] {
      // Instructions of one iteration share one snapshot: it is made again only when a loop
      // variable's value (an immutable record) or the iteration changed.
      let same = last !== null && last.length === k.loops.length;
      for (let i = 0; i < k.loops.length; i++) {
        const loop = k.loops[i];
        const bindings = (loop.bindings ??= loop.statement.variables.map((name) => k.scope.lookup(name)));
        const cached = loop.snapshot;
        let fresh = cached !== null && cached.mask === mask && cached.iteration === loop.iteration;
        for (let k = 0; fresh && k < bindings.length; k++) if (bindings[k]?.value !== cached!.seen[k]) fresh = false;
        if (!fresh) {
          const seen = bindings.map((b) => b?.value);
          const values: Record<string, number | null> = {};
          loop.statement.variables.forEach((name, k) => {
            const value = seen[k];
            if (value?.kind === 'int') values[name] = getUniform(value, mask);
          });
          loop.snapshot = {
            mask,
            iteration: loop.iteration,
            seen,
            values: { line: loop.statement.at.line, iteration: loop.iteration, values },
          };
        }
        if (last && last[i] !== loop.snapshot!.values) same = false;
      }
      if (!same || !last) last = k.loops.map((loop) => loop.snapshot!.values);
      return last;
    },
    step(at: SourcePosition) {
      if (++k.steps <= k.budget) return;
      const loop = k.loops[k.loops.length - 1];
      refuse(
        loop ? loop.statement.at : at,
        `this ${loop ? 'loop' : 'kernel'} ran past the step budget of ${groupDigits(k.budget)} steps (statements and loop rounds of every warp): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds`,
      );
    },
    getMacro(name: string) {
      const macro = program.macros.get(name);
      if (!macro) return null;
      let expression = macros.get(name);
      if (expression) return expression;
      if (macro.functionLike)
        refuse(
          macro.at,
          `${name} is a function-like macro, which the player does not expand: write it as a __device__ function`,
        );
      if (macro.text.trim() === '') refuse(macro.at, `${name} is defined with no value`);
      // The macro's text parsed where it stands, every other character a space, so that
      // its errors point into the #define itself.
      blank ??= parts.source.replace(/[^\n]/g, ' ');
      const text = `${blank.slice(0, macro.offset - 6)}int _=${macro.text.replace(/\\\r?\n/g, (s) => ' '.repeat(s.length - 1) + '\n')};`;
      const tree = parts.parse(text);
      try {
        const root = tree.rootNode;
        const error = findError(root);
        if (error) refuse(getNodePosition(error), `the value of ${name} does not read as a C expression`);
        const declaration = getNamedChildren(root).find((c) => c.type === 'declaration');
        const value = declaration && getField(getField(declaration, 'declarator') ?? declaration, 'value');
        if (!value) refuse(macro.at, `the value of ${name} does not read as a C expression`);
        expression = convertExpression(value);
      } finally {
        tree.delete?.();
      }
      macros.set(name, expression);
      return expression;
    },
    getBuiltin(object: string, field: string) {
      if (object === 'threadIdx' && (field === 'x' || field === 'y' || field === 'z')) return k.threadIdx[field];
      return builtins.get(`${object}.${field}`) ?? null;
    },
    bindGlobal(name: string): Binding | null {
      const declaration = program.declarations.find((d) => d.declarators.some((x) => x.name === name));
      if (!declaration) return null;
      const d = declaration.declarators.find((x) => x.name === name)!;
      const saved = k.scope;
      k.scope = k.globals;
      try {
        const base = resolveType(k, declaration.type);
        const type = addPointers(base, d.pointers);
        const dims = d.dims.map((x) =>
          x === null
            ? null
            : constantOf(k, evaluate(k, x, k.live), `${x.text}: an array's size must be a constant`, x.at),
        );
        let binding: Binding;
        if (declaration.storage.shared) {
          const align = declaration.storage.align
            ? constantOf(
                k,
                evaluate(k, declaration.storage.align, k.live),
                '__align__ takes a constant',
                declaration.at,
              )
            : 1;
          const place = layout.place(d, type, dims, align, declaration.storage.extern, d.at);
          binding = { name, type, value: uniformInt(INT_TYPES.int, 0), place, isConst: false };
        } else if (declaration.storage.isConst && d.init && type.kind === 'int' && dims.length === 0)
          binding = {
            name,
            type,
            value: convertValue(k, evaluate(k, d.init, k.live), type, k.live, d.init),
            place: null,
            isConst: true,
          };
        else {
          const place: Place = {
            space: 'global',
            array: null,
            type,
            dims: dims.map((x) => x ?? 0),
            addresses: makeLanes(),
            unknown: 0,
            why: null,
            name,
          };
          binding = { name, type, value: uniformInt(INT_TYPES.int, 0), place, isConst: false };
        }
        k.globals.declare(name, binding);
        return binding;
      } finally {
        k.scope = saved;
      }
    },
    placeShared(declarator, type, dims, align, dynamic, at) {
      return layout.place(declarator, type, dims, align, dynamic, at);
    },
  };
  return k;
}
