import { describe, expect, it } from 'vitest';
import { readLaunchComments } from '../../src/engine/kernel';

describe('readLaunchComments: launches written in a kernel’s source', () => {
  it('reads a comment with every key: kernel, block, args (numbers, hex, negative, a type) and grid', () => {
    const source = [
      '#include <cstdio>',
      '// bank-check: kernel=transpose block=32x8 args=n=1024,TILE=0x20,off=-4,T=float grid=64x64',
      '__global__ void transpose() {}',
    ].join('\n');
    expect(readLaunchComments(source)).toEqual({
      launches: [
        {
          line: 2,
          column: 4,
          kernel: 'transpose',
          block: { x: 32, y: 8, z: 1 },
          grid: { x: 64, y: 64, z: 1 },
          args: { n: 1024, TILE: 32, off: -4, T: 'float' },
        },
      ],
      errors: [],
    });
  });

  it('takes a block alone, after code on the same line, and several comments in source order', () => {
    const source = 'int x; //bank-check: block=256\n\n  //   bank-check:   block=8x8x4   kernel=b\n';
    const { launches, errors } = readLaunchComments(source);
    expect(errors).toEqual([]);
    expect(launches).toEqual([
      { line: 1, column: 10, block: { x: 256, y: 1, z: 1 }, args: {} },
      { line: 3, column: 8, kernel: 'b', block: { x: 8, y: 8, z: 4 }, args: {} },
    ]);
  });

  it('finds nothing in a source without the comment, or with other comments', () => {
    expect(readLaunchComments('// bank conflicts here\n/* bank-check: block=32 */\n')).toEqual({
      launches: [],
      errors: [],
    });
  });

  it('a comment without a block is an error at its bank-check:', () => {
    expect(readLaunchComments('\n  // bank-check: kernel=k').errors).toEqual([
      { line: 2, column: 6, message: 'a bank-check comment needs the block (like block=32x8)' },
    ]);
  });

  it('an unknown key is an error at the key, naming the keys there are', () => {
    expect(readLaunchComments('// bank-check: block=32 blocks=2').errors).toEqual([
      {
        line: 1,
        column: 25,
        message: 'unknown key "blocks" in a bank-check comment: the keys are kernel, block, args, grid',
      },
    ]);
  });

  it('a word without = is an error at the word', () => {
    expect(readLaunchComments('// bank-check: 32x8').errors).toEqual([
      { line: 1, column: 16, message: '"32x8" in a bank-check comment: write key=value (kernel, block, args, grid)' },
    ]);
  });

  it('a key given twice is an error at the second', () => {
    expect(readLaunchComments('// bank-check: block=32 block=64').errors).toEqual([
      { line: 1, column: 25, message: 'block is given twice in this bank-check comment' },
    ]);
  });

  it('a block over CUDA’s limit is an error at its value, with the engine’s reason', () => {
    expect(readLaunchComments('// bank-check: block=64x32').errors).toEqual([
      { line: 1, column: 22, message: 'block a block holds at most 1024 threads, and 64x32 is 2048' },
    ]);
  });

  it('a grid past 65,535 along y is an error at its value', () => {
    expect(readLaunchComments('// bank-check: block=32 grid=1x70000').errors).toEqual([
      { line: 1, column: 30, message: 'gridDim.y is at most 65535, not 70000' },
    ]);
  });

  it('an argument that is neither a number nor a type is an error at args', () => {
    expect(readLaunchComments('// bank-check: block=32 args=n=1024,m=1+2').errors).toEqual([
      {
        line: 1,
        column: 30,
        message: "args m=1+2: a value is a whole number (or a type, for a template's type parameter)",
      },
    ]);
  });

  it('a kernel name that is not an identifier is an error at its value', () => {
    expect(readLaunchComments('// bank-check: block=32 kernel=my-kernel').errors).toEqual([
      { line: 1, column: 32, message: 'kernel=my-kernel is not a function’s name'.replace('’', "'") },
    ]);
  });
});
