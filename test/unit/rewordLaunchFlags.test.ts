import { describe, expect, it } from 'vitest';
import { analyze } from '../support/kernelAnalyzer';
import { rewordLaunchFlags } from '../../src/program/rewordLaunchFlags';

/** The analyzer's first message for `source` run over one warp with `args`. */
async function messageOf(source: string, args: Record<string, number | string> = {}) {
  const result = await analyze(source, { block: { x: 32, y: 1, z: 1 }, args });
  if (result.ok) throw new Error('the kernel runs');
  return result.errors[0].message;
}

describe('the analyzer’s flags named as the page’s fields and the lesson’s keys', () => {
  it('a template parameter with no value', async () => {
    const message = await messageOf(
      'template <int BM> __global__ void k() { __shared__ float t[4096]; t[threadIdx.x * BM] = 1; }',
    );
    expect(message).toContain('--arg BM=');
    expect(rewordLaunchFlags(message, 'page')).toEqual({
      message: expect.stringMatching(/has no value: give it one \(in the field BM\)$/),
      field: 'BM',
    });
    expect(rewordLaunchFlags(message, 'lesson').message).toMatch(/give it one \(args: \{ BM: … \}\)$/);
  });

  it('a type parameter given a number', async () => {
    const message = await messageOf('template <typename T> __global__ void k() { }', { T: 4 });
    expect(rewordLaunchFlags(message, 'page').message).toMatch(/T is a type: type float in the field T$/);
    expect(rewordLaunchFlags(message, 'lesson').message).toMatch(/T is a type: give it as args: \{ T: float \}$/);
  });

  it('a file of several kernels', async () => {
    const message = await messageOf('__global__ void a() { }\n__global__ void b() { }');
    expect(rewordLaunchFlags(message, 'page')).toEqual({
      message: 'the file has 2 kernels (a, b): choose one in the Kernel menu',
      field: 'kernel',
    });
  });
});
