import { Container, Graphics, GraphicsContext, Text } from 'pixi.js';
import { getCountRule, type CountRule, type Schedule } from '../engine';
import { createLabel, SANS } from './createLabel';
import { PALETTE } from './palette';
import { cornerMarks, roundedRect } from './roundedRect';
import { FRAME_TEXT, type StageLayout } from './stageGeometry';

/** One entry of the key: a state's name and its swatch, drawn as the stage draws that state. */
export interface LegendEntry {
  readonly label: string;
  /** The swatch's box, from its left edge and vertical centre, and its corner radius. */
  readonly x: number;
  readonly width: number;
  readonly height: number;
  readonly radius: number;
  readonly fill: number | null;
  readonly stroke: { readonly width: number; readonly color: number } | null;
  /** Drawn as corner brackets rather than a whole outline (the caption's pointer). */
  readonly corners?: boolean;
  /** The busiest bank's entry, whose words say what that bank decides. */
  readonly busiest?: boolean;
}

/**
 * What the busiest bank decides, by the rule the rounds are counted by: the whole count for a
 * request served in one phase; the rounds of the phase (matrix) on stage for one served in phases,
 * whose count adds the phases up.
 */
const BUSIEST: Readonly<Record<CountRule, string>> = {
  bank: 'busiest bank: sets the count',
  phase: 'busiest bank of this phase: sets the phase’s rounds',
  matrix: 'busiest bank of this matrix: sets the matrix’s rounds',
};

/** Each state as the stage draws it, shape and all, so the key still reads without its colours. */
const LEGEND: readonly LegendEntry[] = [
  { label: 'request waiting', x: 0, width: 30, height: 18, radius: 5, fill: PALETTE.request, stroke: null },
  {
    label: 'queue: words left in a bank',
    x: 4,
    width: 22,
    height: 28,
    radius: 4,
    fill: null,
    stroke: { width: 2.5, color: PALETTE.rule },
  },
  {
    label: 'served this round',
    x: 0,
    width: 30,
    height: 26,
    radius: 6,
    fill: PALETTE.serving,
    stroke: { width: 2.5, color: PALETTE.text },
  },
  { label: 'lane has its word', x: 2, width: 26, height: 26, radius: 13, fill: PALETTE.served, stroke: null },
  {
    label: BUSIEST.bank,
    busiest: true,
    x: 0,
    width: 30,
    height: 26,
    radius: 6,
    fill: PALETTE.busiest,
    stroke: { width: 3, color: PALETTE.busiest },
  },
  {
    label: 'the caption points here',
    x: 0,
    width: 30,
    height: 28,
    radius: 0,
    fill: null,
    stroke: { width: 4, color: PALETTE.pointer },
    corners: true,
  },
];

/** The key's entries for an access counted by `rule`: the busiest bank's words follow it. */
export const getLegend = (rule: CountRule): readonly LegendEntry[] =>
  LEGEND.map((entry) => (entry.busiest ? { ...entry, label: BUSIEST[rule] } : entry));

function drawSwatch(entry: LegendEntry): GraphicsContext {
  const [x, y, w, h] = [entry.x, -entry.height / 2, entry.width, entry.height];
  const swatch = entry.corners
    ? cornerMarks(new GraphicsContext(), x, y, w, h, w * 0.35)
    : roundedRect(new GraphicsContext(), x, y, w, h, entry.radius);
  if (entry.fill !== null) swatch.fill(entry.fill);
  if (entry.stroke) swatch.stroke(entry.stroke);
  return swatch;
}

/** A key to the stage's states and the names of its rows, so a recorded clip explains itself. */
export class LegendView {
  readonly view = new Container();
  private readonly entries = new Container();
  private rule: CountRule | null = null;

  constructor(private readonly layout: StageLayout) {
    this.view.addChild(this.entries);
    this.drawEntries('bank');
    // The labels beside the lanes and banks are bare numbers: each row is named once.
    const rows: readonly [string, number][] = [
      ['lane', layout.laneAlong],
      // Wide: above the queue counts' row, clear of the first bank's count.
      ['queue', layout.name === 'wide' ? layout.badgeAlong - 34 : (layout.queueStart + layout.queueEnd) / 2],
      ['bank', layout.bankAlong],
    ];
    for (const [name, along] of rows) {
      const label: Text = createLabel(name, FRAME_TEXT.rowName, PALETTE.textMuted, SANS, '600');
      const at = layout.rowName(along);
      label.anchor.set(at.anchor, 0.5);
      label.position.set(at.x, at.y);
      this.view.addChild(label);
    }
  }

  /** Words the key for the rule `schedule`'s rounds are counted by (per bank, or phase by phase). */
  show(schedule: Schedule): void {
    this.drawEntries(getCountRule(schedule));
  }

  private drawEntries(rule: CountRule): void {
    if (rule === this.rule) return;
    this.rule = rule;
    for (const child of this.entries.removeChildren()) child.destroy({ context: true });
    const { legend } = this.layout;
    // The tall layout's key is in the page, where it reads at the page's own size.
    if (!legend) return;
    let x = legend.x;
    getLegend(rule).forEach((entry, i) => {
      const y = legend.y + Math.floor(i / legend.perLine) * legend.lineHeight;
      if (i % legend.perLine === 0) x = legend.x;
      const shape = new Graphics(drawSwatch(entry));
      shape.position.set(x, y);
      // 20 px in a presented 1080p frame, where the stage is drawn at about two thirds.
      const label = createLabel(entry.label, FRAME_TEXT.legend, PALETTE.textMuted, SANS, '500');
      label.anchor.set(0, 0.5);
      label.position.set(x + 42, y);
      this.entries.addChild(shape, label);
      x += 42 + label.width + 44;
    });
  }
}
