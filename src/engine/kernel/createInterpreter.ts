import { refuse } from './kernelError';
import type { KernelInstruction } from './kernelReport';
import { convertExpression, getField, getNamedChildren, findError } from './convertExpression';
import { Scope, type KernelInterpreter } from './kernelInterpreter';
import { bindGlobal } from './bindGlobal';
import type { Expression, KernelProgram } from './kernelSyntax';
import { INT_TYPES } from './kernelTypes';
import { InstructionRecorder, type StepBudget } from './InstructionRecorder';
import { uniformInt, type IntValue } from './laneValues';
import type { SharedMemoryLayout } from './layoutSharedMemory';
import { evaluate, getTruth } from './evaluateExpression';
import { runStatement } from './runStatement';
import { getNodePosition, type KernelParse } from './syntaxNode';

/** What the interpreter is made from: the program, its source, the launch, the layout and the parser. */
export interface InterpreterParts {
  readonly program: KernelProgram;
  readonly source: string;
  readonly launch: KernelInterpreter['launch'];
  readonly layout: SharedMemoryLayout;
  readonly parse: KernelParse;
  readonly budget: StepBudget;
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
    dataBranch: null,
    evaluate: (e, mask) => evaluate(k, e, mask),
    truth: (e, mask) => getTruth(k, e, mask),
    execute: (s, mask) => runStatement(k, s, mask),
    getMacro(name: string) {
      const macro = program.macros.get(name);
      if (!macro) return null;
      let expression = macros.get(name);
      if (expression) return expression;
      if (macro.functionLike)
        refuse(
          macro.at,
          `${name} is a function-like macro, which the analyzer does not expand: write it as a __device__ function`,
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
    bindGlobal: (name: string) => bindGlobal(k, layout, name),
    placeShared(declarator, type, dims, align, dynamic, at) {
      return layout.place(declarator, type, dims, align, dynamic, at);
    },
  };
  Object.assign(k, { recorder: new InstructionRecorder(k, layout.arrays, parts.budget, parts.onInstruction) });
  return k;
}
