import {
  createSpecAccess,
  DEFAULT_ACCESS_SPEC,
  FULL_MASK,
  getSpecMask,
  isLaneActive,
  MAX_PITCH,
  MAX_ROW,
  MAX_STRIDE,
  MAX_WORD_INDEX,
  WARP_SIZE,
  type AccessSpec,
  type EngineError,
  type Layout,
  type Pattern,
} from '../../engine';
import type { PlayerSession } from '../../session/PlayerSession';
import { parseSpecField, type SpecField } from '../../session/playerUrl';
import { createElement } from '../createElement';
import { PRESETS } from './presets';

/** The typed fields, in the form's order; `mask` is the lane grid. */
const TYPED: readonly Exclude<SpecField, 'mask'>[] = [
  'cols',
  'pitch',
  'row',
  'col',
  'stride',
  'offset',
  'words',
  'expr',
  'lanes',
];
type Control = 'pattern' | 'layout' | SpecField;

/** Which fields each pattern uses. */
const USES: Record<Pattern, readonly Control[]> = {
  row: ['cols', 'pitch', 'row', 'layout', 'lanes', 'mask'],
  column: ['cols', 'pitch', 'col', 'layout', 'lanes', 'mask'],
  stride: ['stride', 'offset', 'lanes', 'mask'],
  broadcast: ['offset', 'lanes', 'mask'],
  list: ['words', 'lanes', 'mask'],
  expr: ['expr', 'lanes', 'mask'],
};

const LABELS: Record<Exclude<Control, 'mask'>, string> = {
  pattern: 'Pattern',
  cols: `Useful columns (words of data per row, 1–${MAX_PITCH})`,
  pitch: 'Row pitch: allocated words per row (at least the useful columns)',
  row: `Row (0–${MAX_ROW})`,
  col: 'Column (0 to useful columns − 1)',
  stride: `Stride (0–${MAX_STRIDE})`,
  offset: `Offset: first word (0–${MAX_WORD_INDEX})`,
  words: 'Words, lane by lane (comma-separated, - for inactive)',
  expr: 'Word of lane: a C integer expression over lane (+ − * / % & | ^ ~ << >>)',
  lanes: `Active lanes: the first N (1–${WARP_SIZE})`,
  layout: 'Layout',
};

const OPTIONS: Record<'pattern' | 'layout', readonly [string, string][]> = {
  pattern: [
    ['row', 'Row read'],
    ['column', 'Column read'],
    ['stride', 'Strided'],
    ['broadcast', 'Broadcast'],
    ['list', 'Word list'],
    ['expr', 'Index expression'],
  ],
  layout: [
    ['plain', 'Plain'],
    ['xor', 'XOR swizzle (over the useful columns)'],
  ],
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
    session.on('state', ({ context }) => {
      if (context.access && context.access !== this.shown) this.fill(context.access);
    });
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
    const values: Record<Exclude<Control, 'mask'>, string> = {
      pattern: spec.pattern,
      cols: String(spec.cols),
      pitch: String(spec.pitch),
      row: String(spec.row),
      col: String(spec.col),
      stride: String(spec.stride),
      offset: String(spec.offset),
      words: spec.words.map((w) => (w === null ? '-' : String(w))).join(','),
      expr: spec.expr,
      lanes: String(spec.lanes),
      layout: spec.layout,
    };
    for (const [field, control] of this.controls) if (field !== 'mask') control.value = values[field];
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
    const uses = USES[this.pattern];
    for (const field of [...TYPED, 'layout', 'mask'] as const) {
      this.form.querySelector<HTMLElement>(`[data-field="${field}"]`)!.hidden = !uses.includes(field);
    }
  }

  /** Reads the fields the pattern uses into an access; any bad one comes back as errors. */
  private read(): { spec: AccessSpec | null; errors: EngineError[] } {
    const errors: EngineError[] = [];
    const uses = USES[this.pattern];
    const spec: { -readonly [K in keyof AccessSpec]: AccessSpec[K] } = {
      ...(this.shown ?? DEFAULT_ACCESS_SPEC),
      pattern: this.pattern,
      layout: this.controls.get('layout')!.value as Layout,
      mask: this.mask,
    };
    for (const field of TYPED) {
      if (!uses.includes(field)) continue;
      const value = parseSpecField(field, this.controls.get(field)!.value);
      if (!value.ok) errors.push(value.error);
      else if (field === 'words') spec.words = value.value as (number | null)[];
      else if (field === 'expr') spec.expr = value.value as string;
      else spec[field] = value.value as number;
    }
    if (this.mask === 0) errors.push({ field: 'mask', reason: 'at least one lane must be active' });
    if (errors.length > 0) return { spec: null, errors };
    const access = createSpecAccess(spec);
    if (access.ok) return { spec, errors };
    // A word list with no word is the word list's fault, not the lane count's.
    const { field, reason } = access.error;
    return { spec: null, errors: [{ field: this.pattern === 'list' && field === 'lanes' ? 'words' : field, reason }] };
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
