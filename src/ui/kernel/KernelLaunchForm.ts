import { parseBlock, type KernelLaunch, type KernelSignature } from '../../engine';
import { parseKernelArg } from '../../session/readKernelLink';
import { createElement } from '../createElement';

/** The launch as typed: what a draft keeps and a link writes. */
export interface LaunchText {
  /** The kernel to run, where the source has several; `null`: its only one. */
  readonly kernel: string | null;
  readonly block: string;
  readonly args: Readonly<Record<string, string>>;
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
    );
  }

  /** The launch as typed. */
  get text(): LaunchText {
    const kernel = this.signatures && this.signatures.length > 1 ? this.kernel.value : null;
    const names = this.getParamNames();
    const args = [...this.args].filter(
      ([name, value]) => value.trim() !== '' && (names === null || names.includes(name)),
    );
    return { kernel, block: this.block.value, args: Object.fromEntries(args) };
  }

  /** Fills the form (a preset, a link, a draft): the fields the kernel has are rebuilt when its signature comes. */
  set(text: LaunchText): void {
    this.block.value = text.block;
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
    return { kernel: text.kernel ?? undefined, block: block.ok ? block.value : null, args };
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
