import cudaSource from '../../assets/readColumn.cu?raw';
import { createTileLayout, DEFAULT_BANK_MODEL, getSchedule } from '../engine';
import type { ProgramEntry } from '../player/createProgram';
import type { FrameRecord } from '../timeline/getFrame';
import { createElement } from './createElement';
import { createQuestionForm } from './createQuestionForm';
import { createTileView } from './TileView';

const REFERENCES: readonly [title: string, href: string, why: string][] = [
  [
    'CUDA C++ Best Practices Guide: shared memory and memory banks',
    'https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html#shared-memory-and-memory-banks',
    'How banks serve requests, and the broadcast exception for one word.',
  ],
  [
    'CUDA C++ Programming Guide: synchronization functions',
    'https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#synchronization-functions',
    'Who must reach __syncthreads(), and what it makes visible.',
  ],
];

/** How many lanes the worked example's table lists. */
const TABLE_LANES = 8;

/**
 * What a scene shows beside the stage: the worked example's table, the padded tile, the CUDA
 * program with the line under discussion, the try-it questions, or the references.
 */
export class ScenePanelView {
  private rows: HTMLElement[] = [];
  private lines: HTMLElement[] = [];
  private shownBeat = -1;

  constructor(private readonly root: HTMLElement) {}

  show(entry: ProgramEntry): void {
    this.rows = [];
    this.lines = [];
    this.shownBeat = -1;
    this.root.hidden = entry.panel === 'none';
    this.root.replaceChildren(...this.render(entry));
  }

  private render(entry: ProgramEntry): Node[] {
    const schedule = getSchedule(entry.access);
    switch (entry.panel) {
      case 'table': {
        this.rows = schedule.lanes
          .slice(0, TABLE_LANES)
          .map((lane) =>
            createElement(
              'tr',
              { 'data-lane': String(lane.lane) },
              createElement('th', { scope: 'row' }, `L${lane.lane}`),
              createElement('td', {}, String(lane.word)),
              createElement('td', {}, `B${lane.bank}`),
            ),
          );
        return [
          createElement('h2', {}, 'Worked example: lanes L0–L7'),
          createElement(
            'table',
            { class: 'example-table', 'data-testid': 'example-table' },
            createElement(
              'thead',
              {},
              createElement('tr', {}, ...['Lane', 'Word', 'Bank'].map((h) => createElement('th', { scope: 'col' }, h))),
            ),
            createElement('tbody', {}, ...this.rows),
          ),
        ];
      }
      case 'tile': {
        const tile = entry.tile ? createTileLayout(entry.tile.pitch, entry.tile.layout) : null;
        if (!tile?.ok || !entry.tile) return [];
        return [
          createElement('h2', {}, 'The tile in memory'),
          createTileView(entry.access, tile.value, entry.tile.rows, DEFAULT_BANK_MODEL),
          createElement(
            'p',
            { class: 'panel-note', 'data-testid': 'tile-cost' },
            `${entry.facts.tileRows} × ${entry.facts.rowPitch} × ${entry.facts.wordBytes} = ${entry.facts.tileBytes} bytes instead of ${entry.facts.plainBytes} (+${entry.facts.overheadPercent}%). Hatched: padding. Outlined: the column read.`,
          ),
        ];
      }
      case 'code': {
        this.lines = cudaSource
          .replace(/\n$/, '')
          .split('\n')
          .map((line, i) => createElement('span', { class: 'code-line', 'data-line': String(i + 1) }, line || ' '));
        return [
          createElement('h2', {}, 'assets/readColumn.cu'),
          createElement(
            'pre',
            { class: 'code', 'data-testid': 'code', tabindex: '0', 'aria-label': 'The CUDA program' },
            createElement('code', {}, ...this.lines),
          ),
        ];
      }
      case 'quiz':
        return [
          createElement('h2', {}, 'Try it yourself'),
          ...entry.quiz.map((q) => createQuestionForm(q, () => undefined)),
        ];
      case 'references':
        return [
          createElement('h2', {}, 'References'),
          createElement(
            'ul',
            { class: 'references' },
            ...REFERENCES.map(([title, href, why]) =>
              createElement(
                'li',
                {},
                createElement(
                  'a',
                  { href, target: '_blank', rel: 'noopener noreferrer' },
                  title,
                  createElement('span', { class: 'visually-hidden' }, ' (opens in a new tab)'),
                ),
                createElement('p', {}, why),
              ),
            ),
          ),
        ];
      case 'none':
        return [];
    }
  }

  /** Follows the clock: the table fills in as lanes fire, and the beat's rows and lines light up. */
  update(frame: FrameRecord): void {
    this.rows.forEach((row, lane) => row.classList.toggle('is-pending', frame.lanes[lane].state === 'idle'));
    const index = frame.beat?.index ?? -1;
    if (index === this.shownBeat) return;
    this.shownBeat = index;
    const highlight = frame.beat?.highlight;
    this.rows.forEach((row, i) => row.classList.toggle('is-highlighted', highlight?.rows?.includes(i) ?? false));
    this.lines.forEach((line, i) => {
      const on = highlight?.lines?.includes(i + 1) ?? false;
      line.classList.toggle('is-highlighted', on);
      if (on) line.setAttribute('aria-current', 'true');
      else line.removeAttribute('aria-current');
    });
  }
}
