import { Scope, type KernelInterpreter } from './kernelInterpreter';
import { bindGlobal } from './bindGlobal';
import type { Expression, KernelProgram, Statement } from './kernelSyntax';
import { INT_TYPES } from './kernelTypes';
import { InstructionRecorder, type StepBudget } from './InstructionRecorder';
import { uniformInt, type IntValue } from './laneValues';
import type { SharedMemoryLayout } from './layoutSharedMemory';
import { compileExpression, type Evaluator } from './compileExpression';
import { compileStatement, type Compilers, type Executor } from './compileStatement';

/** What the interpreter is made from: the program, its source, the launch and the layout. */
export interface InterpreterParts {
  readonly program: KernelProgram;
  readonly source: string;
  readonly launch: KernelInterpreter['launch'];
  readonly layout: SharedMemoryLayout;
  readonly budget: StepBudget;
}

/** The interpreter for one launch: the scopes, the warp's threads, and the record of instructions. */
export function createInterpreter(parts: InterpreterParts): KernelInterpreter {
  const { program, launch, layout } = parts;
  const builtins = new Map<string, IntValue>();
  const unsigned = INT_TYPES['unsigned int'];
  for (const [object, value] of [
    ['blockDim', launch.block],
    ['gridDim', launch.grid],
    ['blockIdx', launch.blockIdx],
  ] as const)
    for (const axis of ['x', 'y', 'z'] as const) builtins.set(`${object}.${axis}`, uniformInt(unsigned, value[axis]));

  // Each expression is compiled the first time it runs, its children's closures made with it.
  const evaluators = new WeakMap<Expression, Evaluator>();
  const compile = (e: Expression): Evaluator => {
    let compiled = evaluators.get(e);
    if (!compiled) evaluators.set(e, (compiled = compileExpression(k, e, compile)));
    return compiled;
  };
  const executors = new WeakMap<Statement, Executor>();
  const compilers: Compilers = {
    expression: compile,
    statement: (s) => {
      let compiled = executors.get(s);
      if (!compiled) executors.set(s, (compiled = compileStatement(k, s, compilers)));
      return compiled;
    },
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
    // Set below: the recorder reads the interpreter it records (its warp, frames and loops).
    recorder: null as unknown as InstructionRecorder,
    stepLimit: parts.budget.steps,
    dataBranch: null,
    evaluate: (e, mask) => compile(e)(mask),
    execute: (s, mask) => compilers.statement(s)(mask),
    getBuiltin(object: string, field: string) {
      if (object === 'threadIdx' && (field === 'x' || field === 'y' || field === 'z')) return k.threadIdx[field];
      return builtins.get(`${object}.${field}`) ?? null;
    },
    bindGlobal: (name: string) => bindGlobal(k, layout, name),
    placeShared(declarator, type, dims, align, dynamic, at) {
      return layout.place(declarator, type, dims, align, dynamic, at);
    },
  };
  Object.assign(k, { recorder: new InstructionRecorder(k, layout.arrays, parts.budget) });
  return k;
}
