import { parseBlock, type KernelLaunch, type KernelSignature } from '../../engine';
import { parseKernelArg } from '../../kernel/readKernelLink';
import { createElement } from '../createElement';

/** The launch as typed: what a draft keeps and a link writes. */
export interface LaunchText {
  /** The kernel to run, where the source has several; `null`: its only one. */
  readonly kernel: string | null;
  readonly block: string;
  readonly args: Readonly<Record<string, string>>;
  /** `NAME`, `NAME=value` and `-UNAME`, separated by spaces, as `-D`/`-U` give them to the command. */
  readonly defines?: string;
  /** `gridDim` and `blockIdx` as typed (`640`, `16x16`; `3`, `1,2`): 1 block, and block 0, when empty. */
  readonly grid?: string;
  readonly blockIdx?: string;
}

/** The Defines field read: each word `NAME`, `NAME=value`, `-DNAME[=value]` or `-UNAME`; `null` when one is not. */
function parseDefines(text: string): Record<string, string | null> | null {
  const defines: Record<string, string | null> = {};
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const match = /^(-[DU])?([A-Za-z_]\w*)(?:=(\S*))?$/.exec(word);
    if (!match || (match[1] === '-U' && match[3] !== undefined)) return null;
    defines[match[2]] = match[1] === '-U' ? null : (match[3] ?? '1');
  }
  return defines;
}

/** `X`, `XxY` or `XxYxZ` (`,` too), each at least `least`; the missing ones `fill`; `null` when it is not that. */
function parseDims(text: string, fill: number, least: number) {
  const parts = text.trim().split(/\s*[x×,]\s*/i);
  if (parts.length > 3 || !parts.every((p) => /^\d{1,10}$/.test(p) && Number(p) >= least)) return null;
  const [x, y = fill, z = fill] = parts.map(Number);
  return { x, y, z };
}

/** A field with its label and the message that says what is wrong with it. */
function createField(id: string, label: string, input: HTMLInputElement | HTMLSelectElement) {
  const message = createElement('p', { class: 'field-error', id: `${id}-error`, hidden: '' });
  input.id = id;
  input.setAttribute('aria-describedby', message.id);
  const element = createElement('div', { class: 'field' }, createElement('label', { for: id }, label), input, message);
  const setError = (reason: string | null) => {
    message.hidden = reason === null;
    message.textContent = reason ?? '';
    input.setAttribute('aria-invalid', String(reason !== null));
  };
  return { element, setError };
}

/**
 * The launch beside the editor: which kernel (where the source has several), the thread block,
 * and a field for each integer parameter and template parameter the kernel's signature declares.
 * A bad value is said beside its field and left out of the launch.
 */
export class KernelLaunchForm {
  readonly element: HTMLElement;
  private readonly kernel = createElement('select');
  private readonly kernelField = createField('kernel-name', 'Kernel', this.kernel);
  private readonly block = createElement('input', { type: 'text', inputmode: 'numeric', spellcheck: 'false' });
  private readonly blockField = createField('kernel-block', 'Thread block (X, XxY or XxYxZ)', this.block);
  private readonly params = createElement('div', { class: 'kernel-params' });
  private readonly extra = {
    defines: this.makeField('kernel-defines', 'Defines (-D)', 'text', 'NAME=value -UNAME'),
    grid: this.makeField('kernel-grid', 'Grid (blocks)', 'numeric', '1, XxY or XxYxZ'),
    blockIdx: this.makeField('kernel-block-idx', 'Block index', 'numeric', '0, or X,Y,Z'),
  };
  /** Every parameter's text by name, kept while the kernel's signature changes under it. */
  private readonly args = new Map<string, string>();
  private readonly inputs = new Map<string, { input: HTMLInputElement; setError: (reason: string | null) => void }>();
  private signatures: readonly KernelSignature[] | null = null;

  constructor(private readonly onChange: () => void) {
    this.block.addEventListener('input', () => onChange());
    this.kernel.addEventListener('change', () => {
      this.buildParams();
      onChange();
    });
    this.kernelField.element.hidden = true;
    this.element = createElement(
      'div',
      { class: 'kernel-launch' },
      this.kernelField.element,
      this.blockField.element,
      this.params,
      this.extra.defines.element,
      this.extra.grid.element,
      this.extra.blockIdx.element,
    );
  }

  /** A text field that asks for an analysis as it is typed in. */
  private makeField(id: string, label: string, inputmode: string, placeholder: string) {
    const input = createElement('input', { type: 'text', inputmode, spellcheck: 'false', placeholder });
    input.addEventListener('input', () => this.onChange());
    return { input, ...createField(id, label, input) };
  }

  /** The launch as typed. */
  get text(): LaunchText {
    const kernel = this.signatures && this.signatures.length > 1 ? this.kernel.value : null;
    const names = this.getParamNames();
    const args = [...this.args].filter(
      ([name, value]) => value.trim() !== '' && (names === null || names.includes(name)),
    );
    const { defines, grid, blockIdx } = this.extra;
    return {
      kernel,
      block: this.block.value,
      args: Object.fromEntries(args),
      defines: defines.input.value,
      grid: grid.input.value,
      blockIdx: blockIdx.input.value,
    };
  }

  /** Fills the form (a preset, a link, a draft): the fields the kernel has are rebuilt when its signature comes. */
  set(text: LaunchText): void {
    this.block.value = text.block;
    this.extra.defines.input.value = text.defines ?? '';
    this.extra.grid.input.value = text.grid ?? '';
    this.extra.blockIdx.input.value = text.blockIdx ?? '';
    this.args.clear();
    for (const [name, value] of Object.entries(text.args)) this.args.set(name, value);
    if (text.kernel !== null) this.kernel.dataset.wanted = text.kernel;
    // Another source's kernels are not this one's: every value given goes to the analysis until it says which it takes.
    this.signatures = null;
    this.buildParams();
  }

  /** The kernels the source declares now; `null` while the source does not parse as far. */
  setKernels(signatures: readonly KernelSignature[]): void {
    const names = signatures.map((s) => s.name);
    if (this.signatures && names.join() === this.signatures.map((s) => s.name).join() && this.sameParams(signatures)) {
      this.signatures = signatures;
      return;
    }
    const wanted = this.kernel.dataset.wanted ?? this.kernel.value;
    this.signatures = signatures;
    this.kernel.replaceChildren(...names.map((name) => createElement('option', { value: name }, name)));
    if (names.includes(wanted)) this.kernel.value = wanted;
    this.kernelField.element.hidden = names.length < 2;
    this.buildParams();
  }

  /** The launch to analyse, every field read; a bad field is said beside it and left out. */
  read(): Omit<KernelLaunch, 'block'> & { readonly block: KernelLaunch['block'] | null } {
    const text = this.text;
    const block = parseBlock(text.block.trim() === '' ? '32' : text.block);
    this.blockField.setError(block.ok ? null : block.error.reason.replace(/^must/, 'Must'));
    const args: Record<string, number | string> = {};
    for (const [name, value] of Object.entries(text.args)) {
      const parsed = parseKernelArg(name, value);
      this.inputs.get(name)?.setError(parsed.ok ? null : parsed.error.reason.replace(/^must/, 'Must'));
      if (parsed.ok) args[name] = parsed.value;
    }
    const defines = parseDefines(text.defines ?? '');
    this.extra.defines.setError(defines ? null : 'Write NAME or NAME=value, separated by spaces (-UNAME undefines).');
    const grid = parseDims(text.grid || '1', 1, 1);
    this.extra.grid.setError(grid ? null : 'Must be X, XxY or XxYxZ blocks, each at least 1 (like 640 or 16x16).');
    const blockIdx = parseDims(text.blockIdx || '0', 0, 0);
    this.extra.blockIdx.setError(blockIdx ? null : 'Must be X, X,Y or X,Y,Z from 0 (like 3 or 1,2).');
    return {
      kernel: text.kernel ?? undefined,
      block: block.ok ? block.value : null,
      args,
      ...(defines && Object.keys(defines).length ? { defines } : {}),
      ...(grid && text.grid?.trim() ? { grid } : {}),
      ...(blockIdx && text.blockIdx?.trim() ? { blockIdx } : {}),
    };
  }

  /** Says beside each empty parameter's field what the analysis needs of it (`needs` by name); clears the others. */
  setNeeds(needs: ReadonlyMap<string, string>): void {
    for (const [name, { input, setError }] of this.inputs)
      if (input.value.trim() === '') setError(needs.get(name) ?? null);
  }

  private chosen(): KernelSignature | null {
    if (!this.signatures || this.signatures.length === 0) return null;
    return this.signatures.find((s) => s.name === this.kernel.value) ?? this.signatures[0];
  }

  /** The names the chosen kernel takes a value for; `null` while its signature is not known. */
  private getParamNames(): string[] | null {
    const kernel = this.chosen();
    if (!kernel) return null;
    return [
      ...kernel.template.map((t) => t.name),
      ...kernel.parameters.filter((p) => p.kind === 'int').map((p) => p.name),
    ];
  }

  private sameParams(signatures: readonly KernelSignature[]): boolean {
    const key = (list: readonly KernelSignature[] | null) =>
      JSON.stringify(list?.map((s) => [s.template, s.parameters]));
    return key(signatures) === key(this.signatures);
  }

  private buildParams(): void {
    const kernel = this.chosen();
    this.inputs.clear();
    if (!kernel) return this.params.replaceChildren();
    const fields = [
      ...kernel.template.map((t) => ({ name: t.name, type: t.kind === 'type' ? 'a type' : 'template int' })),
      ...kernel.parameters.filter((p) => p.kind === 'int').map((p) => ({ name: p.name, type: p.type })),
    ];
    this.params.replaceChildren(
      ...fields.map(({ name, type }) => {
        const input = createElement('input', {
          type: 'text',
          spellcheck: 'false',
          inputmode: type === 'a type' ? 'text' : 'numeric',
          'data-param': name,
        });
        input.value = this.args.get(name) ?? '';
        input.addEventListener('input', () => {
          this.args.set(name, input.value);
          this.onChange();
        });
        const field = createField(`kernel-arg-${name}`, `${name} (${type})`, input);
        this.inputs.set(name, { input, setError: field.setError });
        return field.element;
      }),
    );
  }
}
