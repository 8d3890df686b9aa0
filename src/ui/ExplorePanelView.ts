import {
  createSpecAccess,
  DEFAULT_BANK_MODEL,
  FULL_MASK,
  getSchedule,
  getSpecMask,
  getSpecTile,
  isLaneActive,
  readsTile,
  type Access,
  type AccessSpec,
  type EngineError,
  type Schedule,
} from '../engine';
import { getSpecParams, PRESETS } from '../player/exploreAccess';
import { parsePlayerQuery } from '../player/parsePlayerQuery';
import { createElement } from './createElement';
import { createTilePanel } from './panels/createTilePanel';

/** What Explore tells the page. */
export interface ExploreHandlers {
  /** A valid new access: put it on stage. */
  apply(spec: AccessSpec, access: Access): void;
  /** Show round `round` (0: before the first). */
  seekRound(round: number): void;
  /** Whether the counts should wait behind a prediction. */
  setPredicting(predicting: boolean): void;
}

const FIELDS = [
  'pattern',
  'cols',
  'pitch',
  'row',
  'col',
  'stride',
  'offset',
  'words',
  'lanes',
  'mask',
  'layout',
] as const;
type Field = (typeof FIELDS)[number];

/** Which fields each pattern uses. */
const USES: Record<AccessSpec['pattern'], readonly Field[]> = {
  row: ['cols', 'pitch', 'row', 'layout', 'lanes'],
  column: ['cols', 'pitch', 'col', 'layout', 'lanes'],
  stride: ['stride', 'offset', 'lanes'],
  broadcast: ['offset', 'lanes'],
  list: ['words', 'lanes'],
};

const LABELS: Record<Exclude<Field, 'mask'>, string> = {
  pattern: 'Pattern',
  cols: 'Useful columns (words of data per row, 1–1024)',
  pitch: 'Row pitch: allocated words per row (at least the useful columns)',
  row: 'Row (0–1023)',
  col: 'Column (0 to useful columns − 1)',
  stride: 'Stride (0–4096)',
  offset: 'Offset: first word (0–1048575)',
  words: 'Words, lane by lane (comma-separated, - for inactive)',
  lanes: 'Active lanes: the first N (1–32)',
  layout: 'Layout',
};

/** The field an engine or URL error belongs to (`words (lane 3)` → `words`). */
const fieldOf = (error: EngineError): Field => {
  const name = error.field.split(/[ [(]/)[0];
  return (FIELDS as readonly string[]).includes(name) ? (name as Field) : 'pattern';
};

/**
 * Explore: choose any access (a preset or every parameter), predict its rounds, then inspect it:
 * round by round, lane by lane, in the tile, and across pitches.
 *
 * @remarks
 * Every field is validated by the same parser as the URL and the engine's own checks; an invalid
 * value shows its message beside the field and never reaches the stage, which keeps the last good
 * access.
 */
export class ExplorePanelView {
  private readonly form: HTMLFormElement;
  private readonly controls = new Map<Field, HTMLInputElement | HTMLSelectElement>();
  private readonly messages = new Map<Field, HTMLElement>();
  private readonly toggles: HTMLInputElement[] = [];
  private readonly predictBox: HTMLElement;
  private readonly roundSelect: HTMLSelectElement;
  private readonly tileBox: HTMLElement;
  private readonly sweepBox: HTMLElement;
  private spec: AccessSpec;
  private schedule: Schedule | null = null;
  private askPrediction = true;

  constructor(
    root: HTMLElement,
    /** Where the question waits while the stage is hidden: over the stage itself. */
    private readonly overlay: HTMLElement,
    spec: AccessSpec,
    private readonly handlers: ExploreHandlers,
  ) {
    this.spec = spec;
    const presets = createElement(
      'div',
      { class: 'presets', role: 'group', 'aria-label': 'Presets' },
      ...PRESETS.map((preset) => {
        const button = createElement('button', { type: 'button', 'data-preset': preset.name }, preset.name);
        button.addEventListener('click', () => {
          this.fill(preset.spec);
          this.commit();
        });
        return button;
      }),
    );
    this.form = createElement('form', { class: 'explore-form', 'data-testid': 'explore-form', novalidate: '' });
    for (const field of FIELDS) {
      if (field === 'mask') continue;
      const id = `explore-${field}`;
      const control =
        field === 'pattern' || field === 'layout'
          ? createElement(
              'select',
              { id, name: field },
              ...(field === 'pattern'
                ? [
                    ['row', 'Row read'],
                    ['column', 'Column read'],
                    ['stride', 'Strided'],
                    ['broadcast', 'Broadcast'],
                    ['list', 'Word list'],
                  ]
                : [
                    ['plain', 'Plain'],
                    ['xor', 'XOR swizzle (over the useful columns)'],
                  ]
              ).map(([value, text]) => createElement('option', { value }, text)),
            )
          : createElement('input', {
              id,
              name: field,
              type: 'text',
              inputmode: field === 'words' ? 'text' : 'numeric',
              autocomplete: 'off',
              'aria-describedby': `${id}-error`,
            });
      const message = createElement('p', { class: 'field-error', id: `${id}-error`, 'data-error-for': field });
      this.controls.set(field, control);
      this.messages.set(field, message);
      this.form.append(
        createElement(
          'div',
          { class: 'field', 'data-field': field },
          createElement('label', { for: id }, LABELS[field]),
          control,
          message,
        ),
      );
    }
    const laneGrid = createElement(
      'fieldset',
      { class: 'lane-toggles', 'data-field': 'mask' },
      createElement('legend', {}, 'Active lanes, one by one'),
    );
    for (let lane = 0; lane < 32; lane++) {
      const toggle = createElement('input', {
        type: 'checkbox',
        'aria-label': `Lane ${lane} active`,
        'data-lane': String(lane),
      });
      this.toggles.push(toggle);
      laneGrid.append(createElement('label', {}, toggle, `L${lane}`));
    }
    const maskMessage = createElement('p', { class: 'field-error', 'data-error-for': 'mask' });
    this.messages.set('mask', maskMessage);
    laneGrid.append(maskMessage);
    this.form.append(laneGrid);
    this.form.addEventListener('input', (e) => {
      const target = e.target as HTMLElement;
      if (target.dataset.lane !== undefined) {
        const mask = this.toggles.reduce((m, t, i) => (t.checked ? (m | (1 << i)) >>> 0 : m), 0);
        this.spec = { ...this.spec, mask: mask === 0 ? 0 : mask };
      } else if (target === this.controls.get('lanes')) {
        this.spec = { ...this.spec, mask: null };
      }
      this.updateVisibility();
      this.commit();
    });
    this.form.addEventListener('submit', (e) => e.preventDefault());

    const predictInput = createElement('input', {
      type: 'text',
      inputmode: 'numeric',
      id: 'explore-predict',
      autocomplete: 'off',
      'aria-describedby': 'explore-predict-error',
    });
    const predictMessage = createElement('p', { class: 'field-error', id: 'explore-predict-error' });
    const reveal = createElement('button', { type: 'button' }, 'Reveal');
    const skip = createElement('button', { type: 'button' }, 'Skip');
    const ask = createElement('input', { type: 'checkbox', id: 'explore-ask', checked: '' });
    this.predictBox = createElement('div', { class: 'predict', 'data-testid': 'explore-predict' });
    const predictForm = createElement(
      'div',
      { class: 'predict-form question', role: 'group', 'aria-label': 'Predict the rounds' },
      createElement('p', { class: 'question-prompt' }, 'Predict first: how many rounds will this read need?'),
      createElement('label', { for: 'explore-predict' }, 'Your prediction: rounds'),
      predictInput,
      reveal,
      skip,
      predictMessage,
    );
    reveal.addEventListener('click', () => {
      const raw = predictInput.value.trim();
      if (!/^\d{1,4}$/.test(raw)) {
        predictMessage.textContent = 'Your prediction: enter a whole number of rounds, like 2.';
        return;
      }
      predictMessage.textContent = '';
      this.reveal(Number(raw));
    });
    skip.addEventListener('click', () => this.reveal(null));
    ask.addEventListener('change', () => {
      this.askPrediction = ask.checked;
      if (!ask.checked) this.reveal(null);
    });

    this.roundSelect = createElement('select', { id: 'explore-round' });
    this.roundSelect.addEventListener('change', () => handlers.seekRound(Number(this.roundSelect.value)));
    this.tileBox = createElement('div', { class: 'tile-box', 'data-testid': 'tile' });
    this.sweepBox = createElement('div', { class: 'sweep', 'data-testid': 'pitch-sweep' });

    root.replaceChildren(
      createElement('h2', {}, 'Explore: choose an access'),
      presets,
      this.form,
      createElement('h2', {}, 'Predict, then inspect'),
      createElement('label', { class: 'option' }, ask, ' Ask me to predict first'),
      this.predictBox,
      createElement(
        'div',
        { class: 'field' },
        createElement('label', { for: 'explore-round' }, 'Show round'),
        this.roundSelect,
      ),
      createElement('h2', {}, 'The tile in memory'),
      this.tileBox,
      createElement('h2', {}, 'Rounds by row pitch'),
      this.sweepBox,
    );
    this.predictForm = predictForm;
    this.predictInput = predictInput;
    this.fill(spec);
  }

  private readonly predictForm: HTMLElement;
  private readonly predictInput: HTMLInputElement;

  /** Puts a spec into the form's fields. */
  private fill(spec: AccessSpec): void {
    this.spec = spec;
    const value: Record<Field, string> = {
      pattern: spec.pattern,
      cols: String(spec.cols),
      pitch: String(spec.pitch),
      row: String(spec.row),
      col: String(spec.col),
      stride: String(spec.stride),
      offset: String(spec.offset),
      words: spec.words.map((w) => (w === null ? '-' : String(w))).join(','),
      lanes: String(spec.lanes),
      mask: '',
      layout: spec.layout,
    };
    for (const [field, control] of this.controls) control.value = value[field];
    this.syncToggles();
    this.updateVisibility();
  }

  private syncToggles(): void {
    const lanes = getSpecMask(this.spec);
    const mask = lanes.ok ? lanes.value : FULL_MASK;
    this.toggles.forEach((t, i) => (t.checked = isLaneActive(mask, i)));
  }

  private updateVisibility(): void {
    const pattern = this.controls.get('pattern')!.value as AccessSpec['pattern'];
    for (const field of FIELDS) {
      if (field === 'pattern') continue;
      const used = field === 'mask' ? USES[pattern].includes('lanes') : USES[pattern].includes(field);
      this.form.querySelector<HTMLElement>(`[data-field="${field}"]`)!.hidden = !used;
    }
  }

  /** Validates every field; applies the access only when all of it is good. */
  private commit(): void {
    const params = new URLSearchParams({ mode: 'explore' });
    const pattern = this.controls.get('pattern')!.value as AccessSpec['pattern'];
    const used = USES[pattern];
    if (pattern === 'list') params.set('words', this.controls.get('words')!.value);
    else params.set('pattern', pattern);
    for (const field of used) if (field !== 'words') params.set(field, this.controls.get(field)!.value);
    if (used.includes('lanes') && this.spec.mask !== null) {
      if (this.spec.mask === 0) params.set('mask', '0');
      else params.set('mask', (this.spec.mask >>> 0).toString(16));
      params.delete('lanes');
    }
    const query = parsePlayerQuery(`?${params}`, []);
    const errors = [...query.errors];
    let access = null;
    if (errors.length === 0) {
      const made = createSpecAccess(query.access);
      if (made.ok) access = made.value;
      else errors.push(made.error);
    }
    for (const [field, message] of this.messages) {
      const error = errors.find((e) => fieldOf(e) === field);
      message.textContent = error
        ? `${LABELS[field as Exclude<Field, 'mask'>] ?? 'Active lanes'}: ${error.reason}.`
        : '';
      this.controls.get(field)?.setAttribute('aria-invalid', String(Boolean(error)));
    }
    if (!access) return;
    this.spec = query.access;
    if (this.spec.mask === null) this.syncToggles();
    this.handlers.apply(this.spec, access);
  }

  /** Shows a new access's schedule: clears the prediction, refreshes the tile and the sweep. */
  show(schedule: Schedule): void {
    this.schedule = schedule;
    this.roundSelect.replaceChildren(
      createElement('option', { value: '0' }, 'Before round 1'),
      ...schedule.perRound.map((r) => createElement('option', { value: String(r.round) }, `Round ${r.round}`)),
    );
    this.predictBox.replaceChildren();
    this.predictInput.value = '';
    this.overlay.replaceChildren(...(this.askPrediction ? [this.predictForm] : []));
    this.handlers.setPredicting(this.askPrediction);
    this.renderTile();
    this.renderSweep();
  }

  private reveal(prediction: number | null): void {
    const s = this.schedule;
    if (!s) return;
    this.handlers.setPredicting(false);
    const busiest = s.busiestBanks[0];
    const line = (testid: string) =>
      createElement(
        'p',
        { 'data-testid': testid },
        prediction === null ? '' : `You: ${prediction} · `,
        'The engine: ',
        createElement('strong', {}, `${s.rounds} round${s.rounds === 1 ? '' : 's'}`),
        ` · busiest bank B${busiest} (${s.banks[busiest].queue.length} distinct word${s.banks[busiest].queue.length === 1 ? '' : 's'}, ${s.banks[busiest].requests} request${s.banks[busiest].requests === 1 ? '' : 's'})`,
        prediction === null ? '' : prediction === s.rounds ? ' ✓' : '',
      );
    this.predictBox.replaceChildren(line('explore-reveal'));
    if (prediction === null) {
      this.overlay.replaceChildren();
      return;
    }
    const dismiss = createElement('button', { type: 'button' }, 'Watch it');
    dismiss.addEventListener('click', () => this.overlay.replaceChildren());
    this.overlay.replaceChildren(createElement('div', { class: 'reveal' }, line('explore-reveal-overlay'), dismiss));
    dismiss.focus();
  }

  /** Follows the clock's round. */
  setRound(round: number): void {
    if (this.roundSelect.value !== String(round)) this.roundSelect.value = String(round);
  }

  private renderTile(): void {
    const tile = getSpecTile(this.spec);
    this.tileBox.replaceChildren(
      tile?.ok && this.schedule
        ? createTilePanel(tile.value, this.schedule)
        : createElement('p', { class: 'panel-note' }, 'Row and column reads show their tile here.'),
    );
  }

  /** Rounds of the access on stage at every pitch from no padding to a whole extra bank's worth. */
  private renderSweep(): void {
    const spec = this.spec;
    if (!readsTile(spec.pattern)) {
      this.sweepBox.replaceChildren(
        createElement(
          'p',
          { class: 'panel-note' },
          'The row pitch applies to row and column reads of a tile; this access names its words directly.',
        ),
      );
      return;
    }
    const banks = DEFAULT_BANK_MODEL.banks;
    const pitches = Array.from({ length: banks + 1 }, (_, i) => spec.cols + i);
    const rounds = pitches.map((pitch) => {
      const access = createSpecAccess({ ...spec, pitch });
      return access.ok ? getSchedule(access.value).rounds : 0;
    });
    const most = Math.max(1, ...rounds);
    const read = spec.pattern === 'row' ? 'row read' : 'column read';
    const bars = pitches.map((pitch, i) => {
      const label = `Pitch ${pitch}, ${pitch - spec.cols} padding: ${rounds[i]} round${rounds[i] === 1 ? '' : 's'}`;
      const button = createElement(
        'button',
        {
          type: 'button',
          class: `sweep-bar${pitch === spec.pitch ? ' is-current' : ''}`,
          'aria-label': label,
          title: label,
          'data-pitch': String(pitch),
          'data-rounds': String(rounds[i]),
          ...(pitch === spec.pitch ? { 'aria-current': 'true' } : {}),
          style: `--rounds: ${rounds[i] / most}`,
        },
        createElement('span', { class: 'sweep-value', 'aria-hidden': 'true' }, String(rounds[i])),
      );
      button.addEventListener('click', () => {
        this.fill({ ...this.spec, pitch });
        this.commit();
      });
      return button;
    });
    const ticks = pitches.map((pitch, i) =>
      createElement('span', { 'aria-hidden': 'true' }, i % 4 === 0 || pitch === spec.pitch ? String(pitch) : ''),
    );
    const mask = getSpecMask(spec);
    const wholeWarp = mask.ok && mask.value === FULL_MASK;
    this.sweepBox.replaceChildren(
      createElement('p', { class: 'sweep-axis', 'aria-hidden': 'true' }, `Rounds (up to ${most})`),
      createElement(
        'div',
        {
          class: 'sweep-bars',
          role: 'group',
          'aria-label': `Rounds of this ${read} at each row pitch from ${pitches[0]} to ${pitches.at(-1)}; choose one to load it`,
        },
        ...bars,
      ),
      createElement('div', { class: 'sweep-ticks' }, ...ticks),
      createElement(
        'p',
        { class: 'sweep-axis' },
        `Row pitch: words allocated per row (${spec.cols} useful columns + padding)`,
      ),
      ...(spec.pattern === 'column' && spec.layout === 'plain' && wholeWarp
        ? [
            createElement(
              'p',
              { class: 'panel-note' },
              `A whole warp's column read at row pitch p needs as many rounds as the greatest common divisor of p and ${banks}, so odd pitches are conflict-free.`,
            ),
          ]
        : []),
    );
  }

  /** The current spec, for the URL. */
  get params(): URLSearchParams {
    return getSpecParams(this.spec);
  }
}
