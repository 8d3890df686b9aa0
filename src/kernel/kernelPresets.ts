import { parseBlock, writeBlock, type ThreadBlock } from '../engine';
import { parseKernelArg } from './readKernelLink';

/** A kernel of `assets/kernels/` with the launch its header names. */
export interface KernelPreset {
  /** Its file's name without `.cu`: `transposeCoalesced`. */
  readonly name: string;
  readonly source: string;
  readonly block: ThreadBlock;
  readonly args: Readonly<Record<string, number | string>>;
}

const FILES = import.meta.glob<string>('../../assets/kernels/*.cu', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The launch a preset's header gives as the command that analyses it
 * (`npm run kernel -- assets/kernels/matrixMul.cu --block 32x32 --arg BLOCK_SIZE=32 …`), so a
 * preset says its launch once, where a person reading the file sees it too.
 */
export function readPresetLaunch(source: string): Pick<KernelPreset, 'block' | 'args'> {
  const command = /npm run kernel -- \S+\.cu(.*)$/m.exec(source)?.[1] ?? '';
  const block = /--block (\S+)/.exec(command);
  const parsed = block ? parseBlock(block[1]) : null;
  const args: Record<string, number | string> = {};
  for (const [, name, text] of command.matchAll(/--arg (\w+)=(\S+)/g)) {
    const value = parseKernelArg(name, text);
    if (value.ok) args[name] = value.value;
  }
  return { block: parsed?.ok ? parsed.value : { x: 32, y: 1, z: 1 }, args };
}

/** Every preset, in the order of their names. */
export const KERNEL_PRESETS: readonly KernelPreset[] = Object.entries(FILES)
  .map(([path, source]) => ({ name: path.replace(/^.*\/|\.cu$/g, ''), source, ...readPresetLaunch(source) }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** What a preset's menu entry says: its name and launch. */
export const describePreset = (preset: KernelPreset) =>
  [
    `${preset.name}, block ${writeBlock(preset.block)}`,
    ...Object.entries(preset.args).map(([name, value]) => `${name} = ${value}`),
  ].join(', ');
