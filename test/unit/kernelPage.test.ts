import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inflateRawSync } from 'node:zlib';
import type { EngineError } from '../../src/engine';
import { describePreset, KERNEL_PRESETS, readPresetLaunch } from '../../src/kernel/kernelPresets';
import { packKernelSource, readLinkSource, unpackKernelSource } from '../../src/kernel/packKernelSource';
import { analyzeOk } from '../support/kernelAnalyzer';

describe('Kernel mode’s presets', () => {
  it('are the files of assets/kernels/, each with the launch its header’s command names', async () => {
    expect(KERNEL_PRESETS.map((p) => p.name)).toContain('transposeCoalesced');
    expect(KERNEL_PRESETS.length).toBe(11);
    const matrixMul = KERNEL_PRESETS.find((p) => p.name === 'matrixMul')!;
    expect(matrixMul).toMatchObject({ block: { x: 32, y: 32, z: 1 }, args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 } });
    expect(describePreset(matrixMul)).toBe('matrixMul, block 32x32, BLOCK_SIZE = 32, wA = 1024, wB = 1024');
    // Each runs with that launch: the menu offers nothing the analyzer refuses.
    for (const preset of KERNEL_PRESETS) await analyzeOk(preset.source, preset);
  });

  it('a header without a command gives a warp and no arguments', () => {
    expect(readPresetLaunch('__global__ void k() {}')).toEqual({ block: { x: 32, y: 1, z: 1 }, args: {} });
  });
});

describe('a kz= link', () => {
  it('is the source deflated raw, in base64url, and comes back whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (source) => {
        const packed = packKernelSource(source);
        expect(packed).toMatch(/^[\w-]*$/);
        expect(inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8')).toBe(source);
        expect(unpackKernelSource(packed)).toBe(source);
      }),
      { numRuns: 300 },
    );
    expect(unpackKernelSource('_-_-')).toBeNull();
  });

  it('gives the link’s source as text: kz= inflated, kernel= as written, and none', () => {
    const errors: EngineError[] = [];
    expect(readLinkSource({ packed: packKernelSource('__global__ void k() {}') }, errors)).toBe(
      '__global__ void k() {}',
    );
    expect(readLinkSource({ plain: '__global__ void j() {}' }, errors)).toBe('__global__ void j() {}');
    expect(readLinkSource(null, errors)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('names kz= when it is not a deflated text, as a link cut short is not', () => {
    const errors: EngineError[] = [];
    expect(readLinkSource({ packed: '_-_-' }, errors)).toBeNull();
    expect(errors).toEqual([{ field: 'kz', reason: 'is not a deflated source (the link may be cut short)' }]);
  });
});
