import type { Schedule } from '../../engine';
import { preparePanel } from '../../panels/panelKinds';
import { TilePageView } from '../../panels/tile/TilePageView';
import { TILE_HEADING } from '../../panels/tile/tilePanel';
import type { PlayerSession } from '../../session/PlayerSession';
import { getFrame, type FrameRecord } from '../../timeline/getFrame';
import { getPrediction } from '../getPrediction';
import { createElement } from '../createElement';
import { ExploreFormView } from './ExploreFormView';
import { keepFieldInPlace } from './keepFieldInPlace';
import { PitchSweepView } from './PitchSweepView';

/**
 * Explore's panel: choose an access, say whether to predict first, pick a round, see the tile in
 * memory and the rounds across pitches. Each part follows the session; none moves the clock.
 */
export class ExplorePanelView {
  /** `stage` is the stage's box, dimmed while the form holds an error. */
  constructor(root: HTMLElement, session: PlayerSession, stage: HTMLElement) {
    const notice = stage.querySelector<HTMLElement>('[data-testid="stage-stale"]');
    let stale = false;
    const setStale = (value: boolean) => {
      stale = value;
      const shown = value && session.mode === 'explore';
      stage.classList.toggle('is-stale', shown);
      if (notice) notice.hidden = !shown;
    };
    const form = new ExploreFormView(session, setStale);
    keepFieldInPlace(form.element);
    const ask = createElement('input', { type: 'checkbox', id: 'explore-ask' });
    ask.addEventListener('change', () => session.send({ type: 'predict.set', predict: ask.checked }));
    const rounds = createElement('select', { id: 'explore-round' });
    rounds.addEventListener('change', () => session.send({ type: 'round.goto', round: Number(rounds.value) }));
    const tile = createElement('div', { class: 'tile-slot' });
    const sweep = new PitchSweepView(session);
    root.replaceChildren(
      createElement('h2', {}, 'Explore: choose an access'),
      form.element,
      createElement('h2', {}, 'Predict, then inspect'),
      createElement('label', { class: 'option' }, ask, ' Ask me to predict first'),
      createElement('div', { class: 'field' }, createElement('label', { for: 'explore-round' }, 'Show round'), rounds),
      tile,
      createElement('h2', {}, 'Rounds by row pitch'),
      sweep.element,
    );
    /** The tile of the access on stage, and its record at each moment (what it says of the rounds waits for the prediction). */
    let shownTile: { view: TilePageView; record: NonNullable<ReturnType<typeof preparePanel<'tile'>>> } | null = null;
    const momentOf = (frame: FrameRecord) => ({
      frame,
      plan: session.getSnapshot().plan,
      ...getPrediction(session.getSnapshot().context),
    });
    session.on('scene', ({ plan, entry }) => {
      const schedule: Schedule = plan.schedule;
      rounds.replaceChildren(
        createElement('option', { value: '0' }, 'Before round 1'),
        ...schedule.perRound.map((r) => createElement('option', { value: String(r.round) }, `Round ${r.round}`)),
      );
      const record = preparePanel('tile', entry, schedule);
      // The tile's own view, not the page's table of views: Explore loads on first use, and sharing
      // that table with it would take it out of the first load's main script into a chunk of its own.
      shownTile = record ? { view: new TilePageView(record(momentOf(getFrame(plan, 0)))), record } : null;
      tile.replaceChildren(
        ...(shownTile
          ? [shownTile.view.element]
          : [
              createElement('h2', {}, TILE_HEADING),
              createElement('p', { class: 'panel-note' }, 'Row and column reads show their tile here.'),
            ]),
      );
    });
    session.on('frame', (frame) => {
      if (rounds.value !== String(frame.round)) rounds.value = String(frame.round);
      shownTile?.view.draw(shownTile.record(momentOf(frame)));
    });
    session.select(
      ({ context, mode }) => [mode, context.predict] as const,
      ([mode, predict]) => {
        root.hidden = mode !== 'explore';
        ask.checked = predict;
        setStale(stale);
      },
    );
  }
}
