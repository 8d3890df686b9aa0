import { describe, expect, it } from 'vitest';
import { getKernelSignatures } from '../../src/engine/kernel';
import { getKernelParser, readPreset } from '../support/kernelAnalyzer';

describe('getKernelSignatures', () => {
  it('lists each kernel with its parameters and template parameters, from the syntax alone', async () => {
    const parse = await getKernelParser();
    expect(getKernelSignatures(readPreset('matrixMul'), parse)).toEqual([
      {
        name: 'MatrixMulCUDA',
        line: 8,
        parameters: [
          { name: 'C', type: 'float*', kind: 'pointer' },
          { name: 'A', type: 'float*', kind: 'pointer' },
          { name: 'B', type: 'float*', kind: 'pointer' },
          { name: 'wA', type: 'int', kind: 'int' },
          { name: 'wB', type: 'int', kind: 'int' },
        ],
        template: [{ name: 'BLOCK_SIZE', kind: 'int' }],
      },
    ]);
    const source = [
      'typedef unsigned int count_t;',
      'template <typename T, int N> __global__ void a(T *x, count_t n, float f) { }',
      '__device__ void helper(int q) { }',
      '__global__ void b() { }',
    ].join('\n');
    expect(getKernelSignatures(source, parse)).toEqual([
      {
        name: 'a',
        line: 2,
        parameters: [
          { name: 'x', type: 'T*', kind: 'pointer' },
          { name: 'n', type: 'count_t', kind: 'int' },
          { name: 'f', type: 'float', kind: 'data' },
        ],
        template: [
          { name: 'T', kind: 'type' },
          { name: 'N', kind: 'int' },
        ],
      },
      { name: 'b', line: 4, parameters: [], template: [] },
    ]);
  });

  it('gives the kernels it could read from a source with a syntax error, and none from one it cannot', async () => {
    const parse = await getKernelParser();
    expect(getKernelSignatures('__global__ void k(int n) { int x = ; }', parse).map((k) => k.name)).toEqual(['k']);
    expect(getKernelSignatures('int main() { return 0; }', parse)).toEqual([]);
  });
});
