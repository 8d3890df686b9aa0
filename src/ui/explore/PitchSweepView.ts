import { getAccessKind, plural, type AccessSpec } from '../../engine';
import { getPitchSweep } from '../../engine/pitchSweep';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';

/**
 * The access on stage at every row pitch from no padding to a bank's worth of it, as bars of
 * rounds from the engine's sweep; the bar of the pitch on stage is marked, choosing a bar loads
 * that pitch, keeping everything else, and a pitch the engine refuses is marked refused, with why.
 */
export class PitchSweepView {
  readonly element = createElement('div', { class: 'sweep', 'data-testid': 'pitch-sweep' });

  constructor(private readonly session: PlayerSession) {
    session.on('scene', ({ entry }) => this.render(entry.spec));
  }

  private render(spec: AccessSpec): void {
    const sweep = getPitchSweep(spec);
    if (!sweep) {
      this.element.replaceChildren(
        createElement(
          'p',
          { class: 'panel-note' },
          'The row pitch applies to row and column reads of a tile; this access names its words directly.',
        ),
      );
      return;
    }
    const { pitches, most, note } = sweep;
    const bars = pitches.map((swept) => {
      const { pitch, padding, rounds } = swept;
      const said = swept.refused ? `refused: ${swept.refused.reason}` : plural(swept.rounds, 'round');
      const label = `Pitch ${pitch}, ${plural(padding, 'word')} of padding: ${said}`;
      const current = pitch === spec.pitch;
      const button = createElement(
        'button',
        {
          type: 'button',
          class: `sweep-bar${current ? ' is-current' : ''}${rounds === null ? ' is-refused' : ''}`,
          'aria-label': label,
          title: label,
          'data-pitch': String(pitch),
          ...(rounds === null
            ? { 'data-refused': 'true', 'aria-disabled': 'true' }
            : { 'data-rounds': String(rounds) }),
          ...(current ? { 'aria-current': 'true' } : {}),
          style: `--rounds: ${(rounds ?? 0) / most}`,
        },
        createElement('span', { class: 'sweep-value', 'aria-hidden': 'true' }, rounds === null ? '×' : String(rounds)),
      );
      // A refused pitch cannot be loaded: its bar says why instead.
      if (rounds !== null)
        button.addEventListener('click', () => this.session.send({ type: 'access.set', access: { ...spec, pitch } }));
      return button;
    });
    // Every fourth pitch is labelled, and the one on stage; a label beside that one would run into it.
    const here = pitches.findIndex((p) => p.pitch === spec.pitch);
    const labelled = (pitch: number, i: number) => pitch === spec.pitch || (i % 4 === 0 && Math.abs(i - here) > 1);
    const ticks = pitches.map(({ pitch }, i) =>
      createElement('span', { 'aria-hidden': 'true' }, labelled(pitch, i) ? String(pitch) : ''),
    );
    const read = getAccessKind(spec.pattern).label.toLowerCase();
    this.element.replaceChildren(
      createElement('p', { class: 'sweep-axis', 'aria-hidden': 'true' }, `Rounds (up to ${most})`),
      createElement(
        'div',
        {
          class: 'sweep-bars',
          role: 'group',
          'aria-label': `Rounds of this ${read} at each row pitch from ${pitches[0].pitch} to ${pitches.at(-1)!.pitch}; choose one to load it`,
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
