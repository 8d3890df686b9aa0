import { getCountRule } from '../engine';
import type { PlayerSession } from '../session/PlayerSession';
import { getLegend } from '../stage/LegendView';
import { toCss } from '../stage/palette';
import { createElement } from './createElement';

/**
 * The key to the stage in the page, from the same entries the stage draws: shown on upright phones,
 * whose tall stage leaves the key out so that its numbers stay legible. Its busiest bank's words
 * follow the rule the access on stage is counted by, as the stage's own key does.
 */
export function mountStageLegend(list: HTMLElement, session: PlayerSession): void {
  let shown = '';
  session.on('scene', ({ plan }) => {
    const entries = getLegend(getCountRule(plan.schedule));
    const key = entries.map((e) => e.label).join('|');
    if (key === shown) return;
    shown = key;
    list.replaceChildren(
      ...entries.map((entry) =>
        createElement(
          'li',
          {},
          createElement('span', {
            class: 'swatch',
            'aria-hidden': 'true',
            style: [
              `width: ${entry.width / 2}px`,
              `height: ${entry.height / 2}px`,
              `border-radius: ${entry.radius / 2}px`,
              `background: ${entry.fill === null ? 'transparent' : toCss(entry.fill)}`,
              entry.stroke
                ? `border: ${Math.max(1, entry.stroke.width / 2)}px ${entry.corners ? 'dashed' : 'solid'} ${toCss(entry.stroke.color)}`
                : '',
            ].join(';'),
          }),
          entry.label,
        ),
      ),
    );
  });
}
