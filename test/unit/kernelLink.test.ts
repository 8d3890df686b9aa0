import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readKernelLink, writeKernelLink, type KernelChoice } from '../../src/kernel/readKernelLink';
import { readPlayerLink } from '../../src/session/playerUrl';
import type { EngineError } from '../../src/engine';

/** Kernel mode's reading of a link's query. */
function read(query: string): { choice: KernelChoice; errors: EngineError[] } {
  const errors: EngineError[] = [];
  const choice = readKernelLink(readPlayerLink(`mode=kernel&${query}`).link, errors);
  return { choice, errors };
}

const name = fc.stringMatching(/^[A-Za-z_]\w{0,7}$/);
const choice: fc.Arbitrary<KernelChoice> = fc.record({
  source: fc.option(
    fc.oneof(
      fc.string({ maxLength: 80 }).map((plain) => ({ plain })),
      fc.stringMatching(/^[\w-]{1,60}$/).map((packed) => ({ packed })),
    ),
    { nil: null },
  ),
  block: fc.option(fc.constantFrom({ x: 32, y: 8, z: 1 }, { x: 256, y: 1, z: 1 }, { x: 8, y: 4, z: 2 }), { nil: null }),
  args: fc.dictionary(
    name,
    fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.constantFrom('float', 'unsigned int')),
    { maxKeys: 3 },
  ),
  line: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
  inner: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
  op: fc.option(fc.constantFrom('load' as const, 'store' as const, 'ldmatrix' as const), { nil: null }),
  instance: fc.option(fc.integer({ min: 1, max: 70_000 }), { nil: null }),
});

describe('readKernelLink', () => {
  it('reads the source plain or deflated, the launch, and the line and instruction', () => {
    const source = '__global__ void k(int *a) { }';
    const plain = read(
      `kernel=${encodeURIComponent(source)}&block=32x8&args=n%3D1024,TILE%3D0x20,T%3Dfloat&line=12&inner=4&op=store&instance=3`,
    );
    expect(plain.errors).toEqual([]);
    expect(plain.choice).toEqual({
      source: { plain: source },
      block: { x: 32, y: 8, z: 1 },
      args: { n: 1024, TILE: 32, T: 'float' },
      line: 12,
      inner: 4,
      op: 'store',
      instance: 3,
    });
    expect(read('kz=abc-_9&kernel=x').choice.source).toEqual({ packed: 'abc-_9' });
  });

  it('names each bad parameter and leaves it out, the rest read', () => {
    const q = read('kz=a%2Bb&block=2048&args=n%3D1.5&line=0&inner=-1&op=fetch&instance=x');
    expect(q.errors.map((e) => e.field)).toEqual(['kz', 'block', 'args', 'line', 'inner', 'op', 'instance']);
    expect(q.choice).toEqual({
      source: null,
      block: null,
      args: {},
      line: null,
      inner: null,
      op: null,
      instance: null,
    });
    expect(read('args=n%3D1,n%3D2').errors[0].reason).toBe('names n twice');
    expect(read('args=n%3D1.5').errors[0].reason).toBe(
      'n must be a whole number (or a type, for a template’s type parameter), not "1.5"',
    );
    // A parameter may be called anything C allows, __proto__ too: it is the object's own.
    expect(Object.getPrototypeOf(read('args=__proto__%3D1').choice.args)).toBe(Object.prototype);
    expect(Object.keys(read('args=__proto__%3D1').choice.args)).toEqual(['__proto__']);
  });

  it('is the inverse of writeKernelLink: every choice comes back whole through a link', () => {
    fc.assert(
      fc.property(choice, (x) => {
        const params = new URLSearchParams(writeKernelLink(x) as Record<string, string>);
        const back = read(params.toString());
        expect(back.errors).toEqual([]);
        expect(back.choice).toEqual(x);
      }),
      { numRuns: 1000 },
    );
  });
});
