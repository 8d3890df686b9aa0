import { Scope, type KernelInterpreter } from './kernelInterpreter';
import type { Expression, Statement } from './kernelSyntax';
import { lanesTrue, type Mask, union, without } from './laneMask';
import type { Evaluator } from './compileExpression';
import { toBool, truthOf } from './evaluateExpression';
import { LoopMemo } from './LoopMemo';
import { runDataBranch, runLoop, runStatement, type LoopParts } from './runStatement';

/** A statement compiled for one interpreter: runs it for the lanes of a mask, gives the lanes that carry on. */
export type Executor = (mask: Mask) => Mask;

/** How the compiler gets the closures of an expression and of a statement (made once for each). */
export interface Compilers {
  readonly expression: (e: Expression) => Evaluator;
  readonly statement: (s: Statement) => Executor;
}

/**
 * Compiles `s` once for interpreter `k`: blocks, expressions, `if` and loops run their parts'
 * closures directly; declarations and jumps run `runStatement`. Every statement counts one step
 * first, and a statement run for no lane does nothing.
 */
export function compileStatement(k: KernelInterpreter, s: Statement, compile: Compilers): Executor {
  const at = s.at;
  switch (s.kind) {
    case 'block': {
      const body = s.body.map(compile.statement);
      // A block that declares nothing of its own would add an empty scope to every name's lookup.
      const scoped = s.body.some(declaresHere);
      return (mask) => {
        if (mask === 0) return 0;
        k.recorder.step(at);
        const outer = k.scope;
        if (scoped) k.scope = new Scope(outer);
        let active = mask;
        for (let i = 0; i < body.length && active !== 0; i++) active = body[i](active);
        k.scope = outer;
        return active;
      };
    }
    case 'expression': {
      const expression = compile.expression(s.expression);
      return (mask) => {
        if (mask === 0) return 0;
        k.recorder.step(at);
        expression(mask);
        return mask;
      };
    }
    case 'if': {
      const test = compile.expression(s.test);
      const then = compile.statement(s.then);
      const otherwise = s.else ? compile.statement(s.else) : null;
      return (mask) => {
        if (mask === 0) return 0;
        k.recorder.step(at);
        const value = toBool(test(mask));
        if (value.unknown & mask) return runDataBranch(k, s, value, mask);
        const yes = lanesTrue(value.lanes, mask);
        const no = without(mask, yes);
        const after = yes ? then(yes) : 0;
        return union(after, otherwise ? otherwise(no) : no);
      };
    }
    case 'for':
    case 'while': {
      const condition = s.test;
      const test = condition ? compile.expression(condition) : null;
      const parts: LoopParts = {
        init: s.kind === 'for' && s.init ? compile.statement(s.init) : null,
        test: test && condition ? (mask) => (mask === 0 ? 0 : truthOf(k, condition, test(mask), mask)) : null,
        body: compile.statement(s.body),
        update: s.kind === 'for' && s.update ? compile.expression(s.update) : null,
      };
      // A loop that can change nothing outside itself counts a run it made before with the same values.
      const memo = LoopMemo.of(k, s, parts);
      return (mask) => {
        if (mask === 0) return 0;
        k.recorder.step(at);
        return memo ? memo.run(mask) : runLoop(k, s, mask, parts);
      };
    }
    default:
      return (mask) => runStatement(k, s, mask);
  }
}

/**
 * Whether running `s` may declare a name in the scope it runs in: a declaration, or one in an arm
 * of an `if` written without braces (a block or a loop declares in a scope of its own).
 */
function declaresHere(s: Statement): boolean {
  if (s.kind === 'declaration') return true;
  if (s.kind === 'if') return declaresHere(s.then) || (s.else !== null && declaresHere(s.else));
  return false;
}
