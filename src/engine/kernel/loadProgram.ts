import { KernelRefusal, type KernelError } from './kernelError';
import type { FunctionDefinition, KernelProgram } from './kernelSyntax';

/** Every error found while loading a program, each at its line and column, thrown at once. */
export class KernelLoadErrors extends Error {
  constructor(readonly errors: readonly KernelError[]) {
    super(errors[0]?.message ?? 'the program does not load');
  }
}

/**
 * Loads the program before it runs: the body of the kernel and of every function it can reach is
 * converted now, so that an error in a function the kernel calls late is found before the run, and
 * every such error is reported, not only the first (sorted by line and column).
 */
export function loadProgram(program: KernelProgram, kernel: FunctionDefinition) {
  const errors: KernelError[] = [];
  const seen = new Set<FunctionDefinition>();
  const visit = (fn: FunctionDefinition) => {
    if (seen.has(fn)) return;
    seen.add(fn);
    let body: unknown;
    try {
      body = fn.body();
    } catch (error) {
      if (!(error instanceof KernelRefusal)) throw error;
      errors.push({ ...error.at, message: error.message });
      return;
    }
    for (const name of findCallees(body)) {
      const callee = program.functions.get(name);
      if (callee) visit(callee);
    }
  };
  visit(kernel);
  if (errors.length > 0) throw new KernelLoadErrors(errors.sort((a, b) => a.line - b.line || a.column - b.column));
}

/** The names a converted body calls, in the order they are written. */
function findCallees(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) findCallees(item, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.kind === 'call' && typeof record.callee === 'string') found.push(record.callee);
    for (const value of Object.values(record)) if (value && typeof value === 'object') findCallees(value, found);
  }
  return found;
}
