import { groupDigits, writeBlock, type KernelIncludes } from '../../engine';
import { MAX_KERNEL_SOURCE } from '../../engine/kernel';
import { createElement } from '../createElement';
import { loadKernelDraft } from './kernelDraftStore';
import type { LaunchText } from './KernelLaunchForm';
import { describePreset, KERNEL_PRESETS, readPresetLaunch } from '../../kernel/kernelPresets';
import { readOpenedLaunch } from './readOpenedLaunch';

/** A source chosen whole, with its launch (`null`: the launch stays as it is). */
export interface PickedSource {
  readonly source: string;
  readonly launch: LaunchText | null;
  /** As the person's own (a file they opened), which the draft then keeps. */
  readonly typed: boolean;
  /** The files opened or dropped with it, for its `#include "…"`s; left out for a preset or the draft. */
  readonly includes?: KernelIncludes;
}

const DRAFT = 'draft';

/**
 * The launch a file opened is analysed with: the one its header comment gives as the command that
 * checks it (as the presets do), else block 32 and no parameters, never the last kernel's launch.
 */
function readFileLaunch(source: string): { text: LaunchText; fromFile: boolean } {
  const fromFile = /npm run kernel -- \S+\.cu/.test(source);
  const { block, args } = fromFile ? readPresetLaunch(source) : { block: { x: 32, y: 1, z: 1 }, args: {} };
  const strings = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
  return { text: { kernel: null, block: writeBlock(block), args: strings }, fromFile };
}

const describeLaunch = ({ text, fromFile }: ReturnType<typeof readFileLaunch>) =>
  fromFile
    ? `block ${[text.block, ...Object.entries(text.args).map(([k, v]) => `${k} = ${v}`)].join(', ')}, as its header says`
    : `block ${text.block}, the default (the file names no launch): set its block and parameters here`;

/**
 * Where a kernel comes from besides typing: the presets of `assets/kernels/` with the launch each
 * names, the draft this browser kept, or a `.cu` file opened or dropped on the panel.
 */
export class KernelSourcePicker {
  readonly element: HTMLElement;
  private readonly message = createElement('p', { class: 'panel-note', role: 'status' });
  private readonly menu: HTMLSelectElement;

  constructor(dropZone: HTMLElement, hasDraft: boolean, onPick: (picked: PickedSource) => void) {
    const menu = createElement(
      'select',
      { id: 'kernel-preset', 'data-control': 'kernel-preset' },
      createElement('option', { value: '' }, 'Choose a kernel…'),
      ...KERNEL_PRESETS.map((preset) => createElement('option', { value: preset.name }, describePreset(preset))),
    );
    this.menu = menu;
    if (hasDraft) this.offerDraft();
    menu.addEventListener('change', () => {
      const draft = menu.value === DRAFT ? loadKernelDraft() : null;
      const preset = KERNEL_PRESETS.find((p) => p.name === menu.value);
      // The menu says what it offers, not what is open: the source may have been edited since.
      menu.value = '';
      if (draft) onPick({ source: draft.source, launch: { kernel: null, ...draft }, typed: false });
      else if (preset)
        onPick({
          source: preset.source,
          launch: {
            kernel: null,
            block: writeBlock(preset.block),
            args: Object.fromEntries(Object.entries(preset.args).map(([k, v]) => [k, String(v)])),
          },
          typed: false,
        });
    });
    const file = createElement('input', {
      type: 'file',
      class: 'visually-hidden',
      accept: '.cu,.cuh,.cpp,.cc,.h,.hpp,.txt',
      multiple: '',
      tabindex: '-1',
      'aria-hidden': 'true',
    });
    const open = createElement(
      'button',
      { type: 'button', class: 'text-button', 'data-control': 'open-kernel' },
      'Open .cu…',
    );
    open.addEventListener('click', () => file.click());
    // Files opened or dropped together serve each other's #include "…": the first .cu is the kernel.
    const read = (list: FileList | null | undefined) => {
      const all = [...(list ?? [])];
      const chosen = all.find((f) => /\.cu$/i.test(f.name)) ?? all[0];
      if (!chosen) return;
      const big = all.find((f) => f.size > MAX_KERNEL_SOURCE);
      if (big) {
        this.say(true, `${big.name} is over 1 MB (${groupDigits(big.size)} bytes): open the kernel's own file.`);
        return;
      }
      void Promise.all(all.map(async (f) => [f.name, await f.text()] as const)).then((texts) => {
        const includes: KernelIncludes = {
          file: chosen.name,
          files: Object.fromEntries(texts.filter(([name]) => name !== chosen.name)),
          missingHint: 'open or drop it together with the kernel (choose both files in Open .cu…)',
        };
        const source = texts.find(([name]) => name === chosen.name)![1];
        // A file's own `// bank-check:` launch first; else the command its header gives; else block 32.
        const opened = readOpenedLaunch(chosen.name, source);
        if (opened.launch || opened.error) {
          this.say(opened.error, opened.message);
          onPick({ source, launch: opened.launch, typed: true, includes });
          return;
        }
        const launch = readFileLaunch(source);
        this.say(false, `Opened ${chosen.name}: ${describeLaunch(launch)}.`);
        onPick({ source, launch: launch.text, typed: true, includes });
      });
    };
    file.addEventListener('change', () => {
      read(file.files);
      file.value = '';
    });
    dropZone.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    // Caught before the editor, which would insert a dropped file's text where it fell.
    dropZone.addEventListener(
      'drop',
      (event) => {
        if (!event.dataTransfer?.files.length) return;
        event.preventDefault();
        event.stopPropagation();
        read(event.dataTransfer.files);
      },
      true,
    );
    this.element = createElement(
      'div',
      { class: 'kernel-source-row' },
      createElement('label', { for: 'kernel-preset' }, 'Open'),
      menu,
      open,
      file,
      this.message,
    );
  }

  private say(error: boolean, text: string): void {
    this.message.className = error ? 'field-error' : 'panel-note';
    this.message.textContent = text;
  }

  /** Offers the draft this browser keeps (once the person has typed, or from an earlier visit). */
  offerDraft(): void {
    if (this.menu.querySelector(`option[value="${DRAFT}"]`)) return;
    this.menu.options[0].after(createElement('option', { value: DRAFT }, 'Your draft, kept in this browser'));
  }
}
