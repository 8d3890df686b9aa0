import {
  ACCESS_REGISTRY,
  DEFAULT_ACCESS_SPEC,
  FULL_MASK,
  getSpecMask,
  isLaneActive,
  WARP_SIZE,
  type AccessSpec,
  type EngineError,
  type Pattern,
} from '../../engine';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';
import { getExploreFormModel, type FormField } from './getExploreFormModel';
import { KERNEL_PRESETS, PRESETS, type Preset } from './presets';

/** The form's fields, from the player's kinds and the kernel's fields. */
const FORM = getExploreFormModel(ACCESS_REGISTRY);
const LABELS = new Map([...FORM.fields, ...FORM.kernelFields].map((f) => [f.key, f.label]));

/** Whether an error is about `control`: errors name fields as links do (`words[3]` is the word list). */
const isAbout = (error: EngineError, control: string) =>
  error.field === control || error.field.startsWith(`${control}[`);

/**
 * Explore's access form: presets, one field per parameter the pattern uses, and the lanes one by
 * one. Each field is checked by the link parser's own field parser, then the whole access by the
 * engine; a bad value shows its reason beside its field and never reaches the stage, which keeps
 * the last good access.
 */
export class ExploreFormView {
  readonly element: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly controls = new Map<string, HTMLInputElement | HTMLSelectElement>();
  private readonly messages = new Map<string, HTMLElement>();
  /** What is unusual but allowed in a field's value (a float with ldmatrix), beside it. */
  private readonly warnings = new Map<string, HTMLElement>();
  private readonly toggles: HTMLInputElement[] = [];
  private readonly kernel: HTMLDetailsElement;
  /** The access the form last showed or sent; a state carrying another one refills the form. */
  private shown: AccessSpec | null = null;
  /** Lanes chosen one by one, or `null` while the first-N field decides. */
  private mask: number | null = null;
  /**
   * Whether the type menu shows the type the access takes when none is chosen, and so follows the
   * operation and the shared array as they change; choosing a type in it stops that.
   */
  private typeFollows = true;

  /**
   * `onStale` hears whether the fields hold an error, so that the stage, which keeps the last good
   * access, can say it shows that one.
   */
  constructor(
    private readonly session: PlayerSession,
    private readonly onStale: (stale: boolean) => void = () => undefined,
  ) {
    const group = (label: string, presets: readonly Preset[]) =>
      createElement(
        'div',
        { class: 'presets', role: 'group', 'aria-label': label },
        ...presets.map((preset) => {
          const button = createElement('button', { type: 'button', 'data-preset': preset.name }, preset.name);
          button.addEventListener('click', () => this.send(preset.spec));
          return button;
        }),
      );
    const presets = createElement(
      'div',
      {},
      group('Presets', PRESETS),
      createElement('p', { class: 'presets-heading', id: 'kernel-presets' }, 'Beyond the lesson'),
      group('Presets beyond the lesson', KERNEL_PRESETS),
    );
    this.form = createElement('form', { class: 'explore-form', 'data-testid': 'explore-form', novalidate: '' });
    for (const field of FORM.fields) this.form.append(this.createField(field));
    this.form.append(this.createLaneGrid());
    this.kernel = createElement(
      'details',
      { class: 'kernel-fields', 'data-testid': 'kernel-fields' },
      createElement('summary', {}, 'Beyond the lesson: element type, thread block, operation, shared array, swizzle'),
      createElement(
        'p',
        { class: 'panel-note' },
        'Indices count elements of the type (unless it says otherwise, a 4-byte word, or a 16-bit half for ldmatrix, whose matrices hold halves; a declared array sets it). Wider elements are served in phases of at most 128 bytes (8-byte elements in two of 16 lanes, 16-byte in four of 8). That is a model: NVIDIA’s guides described such phases only for compute capability 2.x, and on Volta to Hopper Nsight Compute measures what it predicts for conflict-free vector loads (4 wavefronts for a 16-byte load). A load of 8 or 16 bytes whose lanes all read the address of lane n^1 (lanes 0 and 1, 2 and 3 …), or all that of lane n^2, is served a pair at a time, in phases of twice the lanes: a rule measured on Volta to Hopper for loads (an answer on NVIDIA’s developer forum; an H200); stores keep their phases until measured. Counters measured on a given GPU can differ. Stores follow NVIDIA’s documented rule: lanes storing to one word cause no conflict, and which of their values lands is undefined.',
      ),
      ...FORM.kernelFields.map((field) => this.createField(field)),
    );
    this.form.append(this.kernel);
    this.form.addEventListener('input', (e) => {
      const target = e.target as HTMLElement;
      if (target.dataset.lane !== undefined) {
        this.mask = this.toggles.reduce((m, t, i) => (t.checked ? (m | (1 << i)) >>> 0 : m), 0);
      } else if (target === this.controls.get('lanes')) this.mask = null;
      if (target === this.controls.get('type')) this.typeFollows = false;
      else this.followType();
      this.updateVisibility();
      this.commit();
    });
    this.form.addEventListener('submit', (e) => e.preventDefault());
    // A field commits as it is typed; its Enter is spent here, and never submits the question it opened.
    this.form.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.target as HTMLElement).matches('input[type="text"]')) e.preventDefault();
    });
    this.element = createElement('div', {}, presets, this.form);
    // An access the form sent itself is already in its fields, as the learner typed it.
    session.select(
      ({ context }) => context.access,
      (access) => access && access !== this.shown && this.fill(access),
    );
  }

  private createField({ key, label, options, numeric }: FormField): HTMLElement {
    const id = `explore-${key}`;
    const control = options
      ? createElement(
          'select',
          { id, name: key, 'aria-describedby': `${id}-error` },
          ...options.map(([value, text]) => createElement('option', { value }, text)),
        )
      : createElement('input', {
          id,
          name: key,
          type: 'text',
          inputmode: numeric ? 'numeric' : 'text',
          autocomplete: 'off',
          spellcheck: 'false',
          'aria-describedby': `${id}-error`,
        });
    control.setAttribute('aria-describedby', `${id}-error ${id}-warning`);
    const message = createElement('p', { class: 'field-error', id: `${id}-error`, 'data-error-for': key });
    const warning = createElement('p', { class: 'field-warning', id: `${id}-warning`, 'data-warning-for': key });
    this.controls.set(key, control);
    this.messages.set(key, message);
    this.warnings.set(key, warning);
    return createElement(
      'div',
      { class: 'field', 'data-field': key },
      createElement('label', { for: id }, label),
      control,
      message,
      warning,
    );
  }

  private createLaneGrid(): HTMLElement {
    const grid = createElement(
      'fieldset',
      { class: 'lane-toggles', 'data-field': 'mask' },
      createElement('legend', {}, 'Active lanes, one by one'),
    );
    for (let lane = 0; lane < WARP_SIZE; lane++) {
      const toggle = createElement('input', {
        type: 'checkbox',
        'aria-label': `Lane ${lane} active`,
        'data-lane': String(lane),
      });
      this.toggles.push(toggle);
      grid.append(createElement('label', {}, toggle, `L${lane}`));
    }
    const message = createElement('p', { class: 'field-error', 'data-error-for': 'mask' });
    this.messages.set('mask', message);
    grid.append(message);
    return grid;
  }

  /** Puts an access into the fields. */
  private fill(spec: AccessSpec): void {
    this.shown = spec;
    this.mask = spec.mask;
    // Each field as its definition writes it, as a link would.
    const texts = FORM.write(spec);
    for (const [field, control] of this.controls) control.value = texts[field];
    this.typeFollows = FORM.typeFollows(spec);
    // The kernel's fields open when an access uses any of them.
    if (FORM.usesKernel(spec)) this.kernel.open = true;
    this.showErrors([]);
    this.showWarnings(spec);
    this.syncToggles(spec);
    this.updateVisibility();
  }

  private syncToggles(spec: AccessSpec): void {
    const lanes = getSpecMask(spec);
    const mask = lanes.ok ? lanes.value : FULL_MASK;
    this.toggles.forEach((t, i) => (t.checked = isLaneActive(mask, i)));
  }

  private get pattern(): Pattern {
    return this.controls.get('pattern')!.value as Pattern;
  }

  private updateVisibility(): void {
    const shown = FORM.shows(this.pattern, this.controls.get('op')!.value);
    for (const field of this.form.querySelectorAll<HTMLElement>('[data-field]'))
      if (field.dataset.field !== 'pattern') field.hidden = !shown.includes(field.dataset.field!);
  }

  /**
   * Sets the type menu to the type the other fields give (a declared array's, else ldmatrix's
   * halves or a load's words) while the learner has not chosen one; an array's type always shows,
   * since the array sets it.
   */
  private followType(): void {
    const texts = Object.fromEntries([...this.controls].map(([key, control]) => [key, control.value]));
    const type = FORM.declaredType(texts) ?? (this.typeFollows ? FORM.followedType(texts) : null);
    if (type !== null) this.controls.get('type')!.value = type;
  }

  /** Reads the fields the pattern uses into an access; any bad one comes back as errors. */
  private read(): { spec: AccessSpec | null; errors: EngineError[] } {
    const texts = Object.fromEntries([...this.controls].map(([key, control]) => [key, control.value]));
    return FORM.read(texts, this.pattern, this.mask, this.shown ?? DEFAULT_ACCESS_SPEC);
  }

  /** Checks every field; sends the access only when all of it is good. */
  private commit(): void {
    const { spec, errors } = this.read();
    this.showErrors(errors);
    if (!spec) return;
    this.showWarnings(spec);
    // The fields already say this access, as typed; only remember it.
    this.shown = spec;
    this.session.send({ type: 'access.set', access: spec });
  }

  /** Shows an access chosen elsewhere (a preset) and puts it on stage. */
  private send(spec: AccessSpec): void {
    this.fill(spec);
    this.session.send({ type: 'access.set', access: spec });
  }

  private showWarnings(spec: AccessSpec): void {
    const warnings = FORM.warnings(spec);
    for (const [control, message] of this.warnings) {
      const warning = warnings.find((w) => isAbout(w, control));
      message.textContent = warning ? `${LABELS.get(control)}: ${warning.reason}.` : '';
    }
  }

  private showErrors(errors: readonly EngineError[]): void {
    for (const [control, message] of this.messages) {
      const error = errors.find((e) => isAbout(e, control));
      const label = control === 'mask' ? 'Active lanes' : LABELS.get(control);
      message.textContent = error ? `${label}: ${error.reason}.` : '';
      this.controls.get(control)?.setAttribute('aria-invalid', String(Boolean(error)));
    }
    // An error the engine gives for the access as a whole shows beside the pattern.
    const unplaced = errors.find((e) => ![...this.messages.keys()].some((c) => isAbout(e, c)));
    if (unplaced) this.messages.get('pattern')!.textContent = `${unplaced.field}: ${unplaced.reason}.`;
    this.onStale(errors.length > 0);
  }
}
