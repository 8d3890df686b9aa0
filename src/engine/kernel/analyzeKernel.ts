import { getBlockThreads, getBlockWarps } from '../threadBlock';
import { KernelRefusal, refuse, type KernelError } from './kernelError';
import type { KernelLaunch, KernelReport } from './kernelReport';
import type { FunctionDefinition, KernelProgram } from './kernelSyntax';
import { createInterpreter } from './createInterpreter';
import { bindTemplate } from './callFunction';
import { Scope, type KernelInterpreter } from './kernelInterpreter';
import { convertInt, INT_TYPES } from './kernelTypes';
import { uniformInt, unknownInt, type IntValue, type Value, makeLanes } from './laneValues';
import { ALL_LANES, LANES } from './laneMask';
import { SharedMemoryLayout } from './layoutSharedMemory';
import { loadProgram, KernelLoadErrors } from './loadProgram';
import { checkArgs, checkLaunchShape } from './checkLaunch';
import { findMissingValues, SEARCH_STEPS } from './findMissingValues';
import { prepareCudaSource } from './prepareCudaSource';
import { preprocessKernel } from './preprocess/preprocessKernel';
import { mapKernelError, mapKernelReport, toKernelError } from './preprocess/mapKernelPositions';
import type { PreprocessedText } from './preprocess/PreprocessedText';
import { findGridLoops } from './preprocess/findGridLoops';
import { readKernelProgram } from './readKernelProgram';
import { resolveType } from './resolveType';
import type { KernelParse } from './syntaxNode';
import { getBaseType } from './kernelTypes';
import { getKernelLines } from './sumKernelLines';

/** A source longer than this (1 MB) is refused before it is parsed. */
export const MAX_KERNEL_SOURCE = 1024 * 1024;
/** Statements and loop rounds, over every warp, before a loop is called runaway. */
export const DEFAULT_STEP_BUDGET = 2_000_000;
/** Milliseconds of running before a loop is called runaway, whichever of the two budgets comes first. */
export const DEFAULT_TIME_BUDGET_MS = 10_000;

export type KernelResult =
  | { readonly ok: true; readonly report: KernelReport }
  | { readonly ok: false; readonly errors: readonly KernelError[] };

const START = { line: 1, column: 1 };

/**
 * Runs one block of a CUDA kernel, every warp in lockstep, and reports each line's shared-memory
 * instructions: how many, their rounds and ideal by the engine's rules, and each instruction's lanes.
 *
 * @remarks
 * `parse` is a C++ parser (tree-sitter-cpp through web-tree-sitter): the caller loads it, so the
 * engine stays pure and runs in Node and in the page alike. What the analyzer cannot run (a
 * construct outside its subset, an address or branch that depends on data, a runaway loop) is
 * refused with its line and column, never guessed; nothing throws.
 */
export function analyzeKernel(source: string, launch: KernelLaunch, parse: KernelParse): KernelResult {
  return analyzeOnce(source, launch, parse, true);
}

/** One analysis; `search`: a refusal that asks for a parameter's value looks for the others asked for too. */
function analyzeOnce(source: string, launch: KernelLaunch, parse: KernelParse, search: boolean): KernelResult {
  // The preprocessor's output keeps the file's lines; positions in it are moved back to the file as written.
  const preprocessed: { output: PreprocessedText | null } = { output: null };
  try {
    const report = run(source, launch, parse, preprocessed);
    const { output } = preprocessed;
    if (!output) return { ok: true, report };
    return { ok: true, report: { ...mapKernelReport(report, output), gridLoops: findGridLoops(report, output.text) } };
  } catch (error) {
    if (error instanceof PreprocessRefusal) return { ok: false, errors: error.errors };
    const mapped = (e: KernelError) => (preprocessed.output ? mapKernelError(e, preprocessed.output) : e);
    if (error instanceof KernelRefusal) {
      const first = mapped({ ...error.at, message: error.message });
      const more = search
        ? findMissingValues(first, launch.args ?? {}, (args) => searchRun(source, launch, args, parse))
        : [];
      return { ok: false, errors: [first, ...more] };
    }
    if (error instanceof KernelLoadErrors) return { ok: false, errors: error.errors.map(mapped) };
    const message =
      error instanceof RangeError
        ? 'the kernel nests too deeply for the analyzer'
        : `the analyzer failed (${String(error)})`;
    return { ok: false, errors: [{ ...START, message }] };
  }
}

/** A run that looks for the next value a kernel asks for (findMissingValues.ts): its one refusal, if it has one. */
function searchRun(source: string, launch: KernelLaunch, args: KernelLaunch['args'], parse: KernelParse) {
  const stepBudget = Math.min(launch.stepBudget ?? DEFAULT_STEP_BUDGET, SEARCH_STEPS);
  const result = analyzeOnce(source, { ...launch, args, stepBudget }, parse, false);
  return result.ok || result.errors.length !== 1 ? null : result.errors[0];
}

/** The preprocessor's errors, every one of them (up to 20), before anything is parsed. */
class PreprocessRefusal extends Error {
  constructor(readonly errors: KernelError[]) {
    super(errors[0]?.message);
  }
}

function run(
  source: string,
  launch: KernelLaunch,
  parse: KernelParse,
  preprocessed: { output: PreprocessedText | null },
): KernelReport {
  if (typeof source !== 'string') refuse(START, 'the source must be text');
  // In UTF-8 bytes, as the command measures a file: a string's length counts UTF-16 units.
  const bytes = source.length > MAX_KERNEL_SOURCE / 3 ? new TextEncoder().encode(source).length : 0;
  if (bytes > MAX_KERNEL_SOURCE)
    refuse(START, `the source is over 1 MB (${bytes} bytes); analyze the kernel's own file`);
  const { block, grid, blockIdx } = checkLaunchShape(launch);
  const { output, errors } = preprocessKernel(source, launch.defines, launch.includes);
  if (errors.length > 0) throw new PreprocessRefusal(errors.map((e) => toKernelError(e, output.file)));
  preprocessed.output = output;
  const prepared = prepareCudaSource(output.text);
  const tree = parse(prepared);
  try {
    return runProgram(source, prepared, readKernelProgram(tree.rootNode), { block, grid, blockIdx }, launch);
  } finally {
    tree.delete?.();
  }
}

function runProgram(
  source: string,
  prepared: string,
  program: KernelProgram,
  { block, grid, blockIdx }: Pick<KernelReport, 'block' | 'grid' | 'blockIdx'>,
  launch: KernelLaunch,
): KernelReport {
  const kernel = chooseKernel(program, launch.kernel);
  if (kernel.syntaxError) refuse(kernel.syntaxError, 'a syntax error: this does not read as C++ here');
  const args = launch.args ?? {};
  checkArgs(kernel, args);
  loadProgram(program, kernel);
  const layout = new SharedMemoryLayout(launch.dynamicSharedBytes ?? null);
  const k = createInterpreter({
    program,
    source: prepared,
    launch: { block, grid, blockIdx, args },
    layout,
    budget: { steps: launch.stepBudget ?? DEFAULT_STEP_BUDGET, ms: launch.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS },
  });
  for (let warp = 0; warp < getBlockWarps(block); warp++) runWarp(k, kernel, warp, args);
  const parameters = kernel.parameters.map((p) => {
    const type = resolveType(k, p.type);
    return { name: p.name, type: `${p.type.name}${'*'.repeat(p.type.pointers)}`, kind: type.kind };
  });
  const shape = { block, grid, blockIdx, parameters, template: (kernel.template ?? []).map((t) => t.name) };
  return buildReport(kernel.name, shape, args, layout, source.split('\n'), k);
}

function chooseKernel(program: KernelProgram, name: string | undefined): FunctionDefinition {
  const kernels = [...program.functions.values()].filter((f) => f.global);
  const firstError = program.syntaxErrors[0];
  const hint = firstError ? ` (line ${firstError.line} has a syntax error the parser could not read past)` : '';
  if (name !== undefined) {
    const found = kernels.find((k) => k.name === name);
    if (found) return found;
    refuse(
      START,
      `no __global__ function is called ${name}${kernels.length ? `; the file has ${kernels.map((k) => k.name).join(', ')}` : ''}${hint}`,
    );
  }
  if (kernels.length === 1) return kernels[0];
  if (kernels.length === 0) refuse(firstError ?? START, `the file has no __global__ function to analyze${hint}`);
  refuse(
    START,
    `the file has ${kernels.length} kernels (${kernels.map((k) => k.name).join(', ')}): choose one with --kernel`,
  );
}

/** Runs the kernel for one warp: its threads bound, the parameters given their values. */
function runWarp(
  k: KernelInterpreter,
  kernel: FunctionDefinition,
  warp: number,
  args: Readonly<Record<string, number | string>>,
) {
  const { block } = k.launch;
  const threads = getBlockThreads(block);
  const lanes = { x: makeLanes(), y: makeLanes(), z: makeLanes() };
  let live = 0;
  for (let lane = 0; lane < LANES; lane++) {
    const t = warp * LANES + lane;
    if (t >= threads) continue;
    live |= 1 << lane;
    lanes.x[lane] = t % block.x;
    lanes.y[lane] = Math.floor(t / block.x) % block.y;
    lanes.z[lane] = Math.floor(t / (block.x * block.y));
  }
  const unsigned = INT_TYPES['unsigned int'];
  k.warp = warp;
  k.live = live === -1 ? ALL_LANES : live >>> 0;
  k.threadIdx = {
    x: { kind: 'int', type: unsigned, lanes: lanes.x, unknown: 0, why: null },
    y: { kind: 'int', type: unsigned, lanes: lanes.y, unknown: 0, why: null },
    z: { kind: 'int', type: unsigned, lanes: lanes.z, unknown: 0, why: null },
  };
  bindKernelTemplate(k, kernel, args);
  k.scope = bindParameters(k, kernel, args);
  k.frames.length = 0;
  k.loops.length = 0;
  k.frames.push({
    fn: kernel,
    returns: { kind: 'data', name: 'void', bytes: null },
    returned: 0,
    result: null,
    callAt: null,
  });
  k.execute(kernel.body(), k.live);
}

/** The kernel's template arguments for this launch: those given, then the defaults. */
function bindKernelTemplate(
  k: KernelInterpreter,
  kernel: FunctionDefinition,
  args: Readonly<Record<string, number | string>>,
) {
  k.templateValues = new Map();
  k.templateTypes = new Map();
  for (const t of kernel.template ?? []) {
    const given = args[t.name];
    if (given === undefined) continue;
    if (t.type === null)
      k.templateTypes.set(
        t.name,
        typeof given === 'string'
          ? getBaseType(given)
          : refuse(kernel.at, `${t.name} is a type: give it as --arg ${t.name}=float`),
      );
    else k.templateValues.set(t.name, argValue(t.name, given, resolveType(k, t.type), kernel));
  }
  const missing = (kernel.template ?? []).filter((t) => args[t.name] === undefined);
  // Every one without a value at once: each is asked for on its own.
  const required = missing.filter((t) => t.default === null);
  if (required.length > 0)
    throw new KernelLoadErrors(
      required.map((t) => ({
        ...t.at,
        message: `${t.name}, a template parameter of ${kernel.name}, has no value: give it one (--arg ${t.name}=${t.type ? '…' : 'float'})`,
      })),
    );
  if (missing.length) {
    const values = new Map(k.templateValues);
    const types = new Map(k.templateTypes);
    bindTemplate(k, { ...kernel, template: missing }, null, values, types, {
      kind: 'name',
      name: kernel.name,
      at: kernel.at,
      text: kernel.name,
    });
    k.templateValues = values;
    k.templateTypes = types;
  }
}

/** The kernel's parameters, bound in a scope of their own: pointers, integers given or not, and data. */
function bindParameters(
  k: KernelInterpreter,
  kernel: FunctionDefinition,
  args: Readonly<Record<string, number | string>>,
): Scope {
  const scope = new Scope(k.globals);
  for (const p of kernel.parameters) {
    const type = resolveType(k, p.type);
    let value: Value;
    const given = args[p.name];
    if (type.kind === 'pointer')
      value = {
        kind: 'pointer',
        type,
        place: {
          space: 'global',
          array: null,
          type: type.to,
          dims: [],
          addresses: makeLanes(),
          unknown: 0,
          why: null,
          name: p.name,
        },
      };
    else if (type.kind === 'int')
      value =
        given === undefined
          ? unknownInt(type.int, {
              tag: 'parameter',
              text: p.name,
              what: 'a parameter without a value',
              needs: `its value: give it one (--arg ${p.name}=…)`,
            })
          : argValue(p.name, given, type, kernel);
    else
      value = {
        kind: 'data',
        type,
        why: {
          tag: 'data-parameter',
          text: p.name,
          what: `a ${type.name} parameter`,
          needs: 'the data (the analyzer follows integer addresses and branches only)',
        },
      };
    scope.declare(p.name, { kind: 'variable', name: p.name, type, value, isConst: false });
  }
  return scope;
}

function argValue(
  name: string,
  given: number | string,
  type: ReturnType<typeof resolveType>,
  kernel: FunctionDefinition,
): IntValue {
  if (typeof given !== 'number' || type.kind !== 'int') refuse(kernel.at, `${name} takes a whole number, not ${given}`);
  if (convertInt(given, type.int) !== given) refuse(kernel.at, `${name}=${given} does not fit ${type.name}`);
  return uniformInt(type.int, given);
}

function buildReport(
  kernel: string,
  shape: Pick<KernelReport, 'block' | 'grid' | 'blockIdx' | 'parameters' | 'template'>,
  args: KernelReport['args'],
  layout: SharedMemoryLayout,
  sourceLines: readonly string[],
  k: KernelInterpreter,
): KernelReport {
  const instructions = k.recorder.getInstructions();
  const { lines, total } = getKernelLines(instructions, sourceLines);
  return {
    kernel,
    ...shape,
    args: { ...args },
    arrays: [...layout.arrays],
    lines,
    total,
    instructions,
    steps: k.recorder.steps,
  };
}
