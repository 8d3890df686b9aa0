import {
  createSpecRequest,
  DEFAULT_BANK_MODEL,
  FULL_MASK,
  getSchedule,
  getAccessKind,
  getSpecMask,
  plural,
  type AccessSpec,
} from '../../engine';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';

/**
 * The access on stage at every row pitch from no padding to a bank's worth of it, as bars of
 * rounds; the bar of the pitch on stage is marked, and choosing a bar loads that pitch, keeping
 * everything else.
 */
export class PitchSweepView {
  readonly element = createElement('div', { class: 'sweep', 'data-testid': 'pitch-sweep' });

  constructor(private readonly session: PlayerSession) {
    session.on('scene', ({ entry }) => this.render(entry.spec));
  }

  private render(spec: AccessSpec): void {
    const kind = getAccessKind(spec.pattern);
    if (!kind.readsTile) {
      this.element.replaceChildren(
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
      const access = createSpecRequest({ ...spec, pitch });
      return access.ok ? getSchedule(access.value).rounds : 0;
    });
    const most = Math.max(1, ...rounds);
    const bars = pitches.map((pitch, i) => {
      const label = `Pitch ${pitch}, ${plural(pitch - spec.cols, 'word')} of padding: ${plural(rounds[i], 'round')}`;
      const current = pitch === spec.pitch;
      const button = createElement(
        'button',
        {
          type: 'button',
          class: `sweep-bar${current ? ' is-current' : ''}`,
          'aria-label': label,
          title: label,
          'data-pitch': String(pitch),
          'data-rounds': String(rounds[i]),
          ...(current ? { 'aria-current': 'true' } : {}),
          style: `--rounds: ${rounds[i] / most}`,
        },
        createElement('span', { class: 'sweep-value', 'aria-hidden': 'true' }, String(rounds[i])),
      );
      button.addEventListener('click', () => this.session.send({ type: 'access.set', access: { ...spec, pitch } }));
      return button;
    });
    // Every fourth pitch is labelled, and the one on stage; a label beside that one would run into it.
    const here = pitches.indexOf(spec.pitch);
    const labelled = (pitch: number, i: number) => pitch === spec.pitch || (i % 4 === 0 && Math.abs(i - here) > 1);
    const ticks = pitches.map((pitch, i) =>
      createElement('span', { 'aria-hidden': 'true' }, labelled(pitch, i) ? String(pitch) : ''),
    );
    const mask = getSpecMask(spec);
    const wholeWarp = mask.ok && mask.value === FULL_MASK;
    const read = kind.label.toLowerCase();
    const note = kind.pitchNote?.(spec, banks, wholeWarp) ?? null;
    this.element.replaceChildren(
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
      ...(note ? [createElement('p', { class: 'panel-note' }, note)] : []),
    );
  }
}
