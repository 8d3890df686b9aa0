import {
  ACCESS_FIELD_KEYS,
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
  type Layout,
  type Pattern,
} from '../../engine';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';
import { PRESETS } from './presets';

/**
 * The fields typed into a text box, in the form's order: every field but the layout (a menu) and
 * the lane grid, with the count of active lanes last, beside the grid.
 */
const TYPED = [
  ...ACCESS_FIELD_KEYS.filter(
    (key): key is Exclude<AccessFieldKey, 'mask' | 'layout' | 'lanes'> => !['mask', 'layout', 'lanes'].includes(key),
  ),
  'lanes' as const,
];
type Control = 'pattern' | AccessFieldKey;

/** Which controls a kind shows: its fields, and the active lanes every kind has. */
const usesOf = (pattern: Pattern): readonly Control[] => [...getAccessKind(pattern).fields, 'lanes', 'mask'];

const LABELS: Record<Exclude<Control, 'mask'>, string> = {
  pattern: 'Pattern',
  ...(Object.fromEntries(TYPED.map((key) => [key, ACCESS_FIELDS[key].label])) as Record<
    (typeof TYPED)[number],
    string
  >),
  layout: ACCESS_FIELDS.layout.label,
};

const OPTIONS: Record<'pattern' | 'layout', readonly (readonly [string, string])[]> = {
  pattern: ACCESS_KINDS.map((kind) => [kind.id, kind.label] as const),
  layout: ACCESS_FIELDS.layout.choices ?? [],
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
  /** The access the form last showed or sent; a state carrying another one refills the form. */
  private shown: AccessSpec | null = null;
  /** Lanes chosen one by one, or `null` while the first-N field decides. */
  private mask: number | null = null;

  constructor(private readonly session: PlayerSession) {
    const presets = createElement(
      'div',
      { class: 'presets', role: 'group', 'aria-label': 'Presets' },
      ...PRESETS.map((preset) => {
        const button = createElement('button', { type: 'button', 'data-preset': preset.name }, preset.name);
        button.addEventListener('click', () => this.send(preset.spec));
        return button;
      }),
    );
    this.form = createElement('form', { class: 'explore-form', 'data-testid': 'explore-form', novalidate: '' });
    for (const field of ['pattern', ...TYPED, 'layout'] as const) this.form.append(this.createField(field));
    this.form.append(this.createLaneGrid());
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
    const control =
      field === 'pattern' || field === 'layout'
        ? createElement(
            'select',
            { id, name: field },
            ...OPTIONS[field].map(([value, text]) => createElement('option', { value }, text)),
          )
        : createElement('input', {
            id,
            name: field,
            type: 'text',
            inputmode: field === 'words' || field === 'expr' ? 'text' : 'numeric',
            autocomplete: 'off',
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
    const values = (field: Control) => (field === 'pattern' ? spec.pattern : write(field));
    for (const [field, control] of this.controls) if (field !== 'mask') control.value = values(field);
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
    for (const field of [...TYPED, 'layout', 'mask'] as const) {
      this.form.querySelector<HTMLElement>(`[data-field="${field}"]`)!.hidden = !uses.includes(field);
    }
  }

  /** Reads the fields the pattern uses into an access; any bad one comes back as errors. */
  private read(): { spec: AccessSpec | null; errors: EngineError[] } {
    const errors: EngineError[] = [];
    const uses = usesOf(this.pattern);
    const spec: { -readonly [K in keyof AccessSpec]: AccessSpec[K] } = {
      ...(this.shown ?? DEFAULT_ACCESS_SPEC),
      pattern: this.pattern,
      layout: this.controls.get('layout')!.value as Layout,
      mask: this.mask,
    };
    for (const field of TYPED) {
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
  }
}
