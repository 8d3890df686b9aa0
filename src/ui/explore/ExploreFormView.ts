import {
  ACCESS_FIELD_KEYS,
  getKindFields,
  getSpecType,
  isDefaultField,
  KERNEL_FIELDS,
  ACCESS_FIELDS,
  ACCESS_KINDS,
  createSpecRequest,
  DEFAULT_ACCESS_SPEC,
  FULL_MASK,
  getAccessKind,
  getSpecMask,
  isLaneActive,
  WARP_SIZE,
  type AccessFieldKey,
  type AccessSpec,
  type EngineError,
  type Pattern,
} from '../../engine';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';
import { KERNEL_PRESETS, PRESETS, type Preset } from './presets';

type FieldControl = Exclude<AccessFieldKey, 'mask'>;
type Control = 'pattern' | AccessFieldKey;

const isKernelField = (key: AccessFieldKey) => (KERNEL_FIELDS as readonly AccessFieldKey[]).includes(key);

/**
 * The fields of the form, in its order: every kind's fields, then the count of active lanes
 * (beside the lane grid); the kernel's fields (type, block, operation …) go in a group of their own.
 */
const OWN_FIELDS: readonly FieldControl[] = ACCESS_FIELD_KEYS.filter(
  (key): key is FieldControl => key !== 'mask' && key !== 'lanes' && !isKernelField(key),
);
const FIELDS: readonly FieldControl[] = [...OWN_FIELDS, 'lanes', ...KERNEL_FIELDS];

/** Which controls a kind shows: its fields, the kernel's, and the active lanes every kind has. */
const usesOf = (pattern: Pattern): readonly Control[] => [...getKindFields(pattern), 'lanes', 'mask'];

const LABELS: Record<Exclude<Control, 'mask'>, string> = {
  pattern: 'Pattern',
  ...(Object.fromEntries(FIELDS.map((key) => [key, ACCESS_FIELDS[key].label])) as Record<FieldControl, string>),
};

/** A field whose definition offers choices is a menu; the rest are typed. */
const OPTIONS: Partial<Record<Exclude<Control, 'mask'>, readonly (readonly [string, string])[]>> = {
  pattern: ACCESS_KINDS.map((kind) => [kind.id, kind.label] as const),
  ...Object.fromEntries(
    FIELDS.flatMap((key) => {
      const { choices } = ACCESS_FIELDS[key] as { choices?: readonly (readonly [string, string])[] };
      return choices ? [[key, choices]] : [];
    }),
  ),
};

/** Whether an error is about `control`: errors name fields as links do (`words[3]` is the word list). */
const isAbout = (error: EngineError, control: Control) =>
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
  private readonly controls = new Map<Control, HTMLInputElement | HTMLSelectElement>();
  private readonly messages = new Map<Control, HTMLElement>();
  private readonly toggles: HTMLInputElement[] = [];
  private readonly kernel: HTMLDetailsElement;
  /** The access the form last showed or sent; a state carrying another one refills the form. */
  private shown: AccessSpec | null = null;
  /** Lanes chosen one by one, or `null` while the first-N field decides. */
  private mask: number | null = null;

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
    for (const field of ['pattern', ...OWN_FIELDS, 'lanes'] as const) this.form.append(this.createField(field));
    this.form.append(this.createLaneGrid());
    this.kernel = createElement(
      'details',
      { class: 'kernel-fields', 'data-testid': 'kernel-fields' },
      createElement('summary', {}, 'Beyond the lesson: element type, thread block, operation, shared array, swizzle'),
      createElement(
        'p',
        { class: 'panel-note' },
        'Indices count elements of the type (a 4-byte word unless it says otherwise). Wider elements are served in phases of at most 128 bytes (8-byte elements in two of 16 lanes, 16-byte in four of 8). That is a model: NVIDIA’s guides described such phases only for compute capability 2.x, and on newer GPUs Nsight Compute measures what it predicts for conflict-free vector loads (4 wavefronts for a 16-byte load). Counters measured on a given GPU can differ. Stores follow NVIDIA’s documented rule: lanes storing to one word cause no conflict, and which of their values lands is undefined.',
      ),
      ...KERNEL_FIELDS.map((field) => this.createField(field)),
    );
    this.form.append(this.kernel);
    this.form.addEventListener('input', (e) => {
      const target = e.target as HTMLElement;
      if (target.dataset.lane !== undefined) {
        this.mask = this.toggles.reduce((m, t, i) => (t.checked ? (m | (1 << i)) >>> 0 : m), 0);
      } else if (target === this.controls.get('lanes')) this.mask = null;
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

  private createField(field: Exclude<Control, 'mask'>): HTMLElement {
    const id = `explore-${field}`;
    const options = OPTIONS[field];
    const shape = field === 'pattern' ? null : ACCESS_FIELDS[field].shape;
    const control = options
      ? createElement(
          'select',
          { id, name: field, 'aria-describedby': `${id}-error` },
          ...options.map(([value, text]) => createElement('option', { value }, text)),
        )
      : createElement('input', {
          id,
          name: field,
          type: 'text',
          inputmode: shape?.kind === 'integer' ? 'numeric' : 'text',
          autocomplete: 'off',
          spellcheck: 'false',
          'aria-describedby': `${id}-error`,
        });
    const message = createElement('p', { class: 'field-error', id: `${id}-error`, 'data-error-for': field });
    this.controls.set(field, control);
    this.messages.set(field, message);
    return createElement(
      'div',
      { class: 'field', 'data-field': field },
      createElement('label', { for: id }, LABELS[field]),
      control,
      message,
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
    const write = (key: AccessFieldKey) => (ACCESS_FIELDS[key].write as (value: unknown) => string)(spec[key]);
    // A shared array's declaration says the type.
    const values = (field: Control) =>
      field === 'pattern' ? spec.pattern : field === 'type' ? getSpecType(spec) : write(field);
    for (const [field, control] of this.controls) if (field !== 'mask') control.value = values(field);
    // The kernel's fields open when an access uses any of them.
    if (KERNEL_FIELDS.some((key) => !isDefaultField(spec, key))) this.kernel.open = true;
    this.showErrors([]);
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
    const uses = usesOf(this.pattern);
    const ldmatrix = this.controls.get('op')!.value === 'ldmatrix';
    for (const field of [...FIELDS, 'mask'] as const) {
      const shown = uses.includes(field) && (field !== 'x' || ldmatrix);
      this.form.querySelector<HTMLElement>(`[data-field="${field}"]`)!.hidden = !shown;
    }
  }

  /** Reads the fields the pattern uses into an access; any bad one comes back as errors. */
  private read(): { spec: AccessSpec | null; errors: EngineError[] } {
    const errors: EngineError[] = [];
    const uses = usesOf(this.pattern);
    const spec: { -readonly [K in keyof AccessSpec]: AccessSpec[K] } = {
      ...(this.shown ?? DEFAULT_ACCESS_SPEC),
      pattern: this.pattern,
      mask: this.mask,
    };
    for (const field of FIELDS) {
      if (!uses.includes(field)) continue;
      const value = ACCESS_FIELDS[field].parse(this.controls.get(field)!.value);
      if (!value.ok) errors.push(value.error);
      else (spec as Record<string, unknown>)[field] = value.value;
    }
    if (this.mask === 0) errors.push({ field: 'mask', reason: 'at least one lane must be active' });
    if (errors.length > 0) return { spec: null, errors };
    const access = createSpecRequest(spec);
    if (access.ok) return { spec, errors };
    // A kind named by a field of its own (a word list) with no lane active is that field's fault.
    const { field, reason } = access.error;
    const blamed = field === 'lanes' ? (getAccessKind(this.pattern).namedBy ?? field) : field;
    return { spec: null, errors: [{ field: blamed, reason }] };
  }

  /** Checks every field; sends the access only when all of it is good. */
  private commit(): void {
    const { spec, errors } = this.read();
    this.showErrors(errors);
    if (!spec) return;
    // The fields already say this access, as typed; only remember it.
    this.shown = spec;
    this.session.send({ type: 'access.set', access: spec });
  }

  /** Shows an access chosen elsewhere (a preset) and puts it on stage. */
  private send(spec: AccessSpec): void {
    this.fill(spec);
    this.session.send({ type: 'access.set', access: spec });
  }

  private showErrors(errors: readonly EngineError[]): void {
    for (const [control, message] of this.messages) {
      const error = errors.find((e) => isAbout(e, control));
      const label = control === 'mask' ? 'Active lanes' : LABELS[control];
      message.textContent = error ? `${label}: ${error.reason}.` : '';
      this.controls.get(control)?.setAttribute('aria-invalid', String(Boolean(error)));
    }
    // An error the engine gives for the access as a whole shows beside the pattern.
    const unplaced = errors.find((e) => ![...this.messages.keys()].some((c) => isAbout(e, c)));
    if (unplaced) this.messages.get('pattern')!.textContent = `${unplaced.field}: ${unplaced.reason}.`;
    this.onStale(errors.length > 0);
  }
}
