import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KernelLaunch, KernelResult } from '../../src/engine';
import { getInstruction } from '../../src/engine/kernel/kernelInstructions';
import { analyze } from '../support/kernelAnalyzer';

// Every kernel the kernel tests analyse (the presets at their launches, the refusals, the property
// tests' generated kernels as one run drew them), each with the report or errors it gave before
// the interpreter was rebuilt: a change that moves any number or message shows here.

interface Case {
  readonly source: string;
  readonly launch: KernelLaunch;
}

const CASES: readonly Case[] = JSON.parse(readFileSync('test/fixtures/kernelCases.json', 'utf8'));

/**
 * The result with its instructions as a count and a digest (their addresses, rounds and loop values),
 * each instruction made as an object from the report's columns.
 */
function reduce(result: KernelResult) {
  if (!result.ok) return result;
  const { instructions, ...report } = result.report;
  const digest = createHash('sha256');
  for (let index = 0; index < instructions.count; index++) {
    const i = getInstruction(instructions, index);
    digest.update(JSON.stringify({ ...i, addresses: Array.from(i.addresses) }));
  }
  return { ...report, instructions: instructions.count, digest: digest.digest('hex').slice(0, 16) };
}

describe('every kernel of the tests gives the report it gave before', () => {
  CASES.forEach((c, index) => {
    const name = /__global__\s+void\s+(\w+)/.exec(c.source)?.[1] ?? 'no kernel';
    it(`case ${index} (${name})`, { timeout: 60_000 }, async () => {
      expect(reduce(await analyze(c.source, c.launch))).toMatchSnapshot();
    });
  });
});
