import { Container, Graphics } from 'pixi.js';
import type { Schedule } from '../engine';
import type { FrameRecord } from '../timeline/getFrame';
import { createLabel, SANS, setLabel } from './createLabel';
import { PALETTE } from './palette';
import type { StageLayout } from './stageGeometry';

/** Dashes of an empty phase's bracket: so long, so far apart, along the lanes. */
const DASH = 10;
const GAP = 8;

/** How far a pair's staple rises above the lanes' boxes: n^1 pairs lower, the crossing n^2 pairs in two rows. */
const STAPLE_RISE = [6, 11];

/**
 * A request served in several phases: a bracket under each phase's lanes with its name, the phase
 * on stage drawn bright and the others dim, and under the round counter "phase k of N" (and, for a
 * store, how many lanes race). Phases are counted as the mirror counts them, those that carry a
 * request; a phase with no active lane is drawn as empty, a dashed bracket named so. A one-phase
 * request (every lesson access) draws nothing. A wide load whose lanes pair (n^1 or n^2, served as
 * one) has a staple over each pair's two lanes, lit with its phase, and the note says so.
 */
export class PhaseGroupsView {
  readonly view = new Container();
  /** Each bracket, with the place among the phases that carry a request of the phase it groups (`null`: empty). */
  private readonly groups: { ordinal: number | null; line: Graphics; label: ReturnType<typeof createLabel> }[] = [];
  private readonly note;
  private racing = 0;
  /** Each pair's staple, with the place of its phase among those that carry a request. */
  private readonly staples: { ordinal: number | null; line: Graphics }[] = [];
  private paired = false;

  constructor(private readonly layout: StageLayout) {
    const { phaseNote } = layout;
    this.note = createLabel('', phaseNote.size, PALETTE.text, SANS, '600');
    this.note.anchor.set(phaseNote.anchor, 0.5);
    this.note.position.set(phaseNote.x, phaseNote.y);
    this.view.addChild(this.note);
  }

  /** Draws the brackets of `schedule`'s phases (none for a single phase). */
  show(schedule: Schedule): void {
    for (const group of this.groups) {
      group.line.destroy();
      group.label.destroy();
    }
    this.groups.length = 0;
    this.racing = schedule.racing.length;
    this.showPairs(schedule);
    if (schedule.phases.length < 2) return;
    const { along, labelAlong, size } = this.layout.phaseGroups;
    const half = (this.layout.across(1) - this.layout.across(0)) / 2 - 4;
    for (const phase of schedule.phases) {
      const from = this.layout.across(phase.firstLane) - half;
      const to = this.layout.across(phase.lastLane) + half;
      const a = this.layout.point(from, along);
      const b = this.layout.point(to, along);
      const tick = this.layout.point(from, along - 8);
      const tickEnd = this.layout.point(to, along - 8);
      const line = new Graphics();
      if (phase.ordinal === null)
        for (let x = from; x < to; x += DASH + GAP) {
          const [start, end] = [this.layout.point(x, along), this.layout.point(Math.min(to, x + DASH), along)];
          line.moveTo(start.x, start.y).lineTo(end.x, end.y);
        }
      else line.moveTo(tick.x, tick.y).lineTo(a.x, a.y).lineTo(b.x, b.y).lineTo(tickEnd.x, tickEnd.y);
      line.stroke({ width: 3, color: PALETTE.text });
      const name = phase.ordinal === null ? 'empty' : `phase ${phase.ordinal}`;
      const label = createLabel(name, size, PALETTE.text, SANS, '600');
      const at = this.layout.point((from + to) / 2, labelAlong);
      label.position.set(at.x, at.y);
      // Tall stages run the lanes down the side: the label reads along its bracket.
      if (this.layout.name === 'tall') label.rotation = -Math.PI / 2;
      this.groups.push({ ordinal: phase.ordinal, line, label });
      this.view.addChild(line, label);
    }
  }

  /** A staple over the two lanes of each pair a wide load serves as one (none where its lanes do not pair). */
  private showPairs(schedule: Schedule): void {
    for (const staple of this.staples) staple.line.destroy();
    this.staples.length = 0;
    const distance = schedule.request.pairs;
    this.paired = distance !== null;
    if (distance === null) return;
    const top = this.layout.laneAlong - this.layout.laneSize / 2 - 1;
    for (const lane of schedule.lanes) {
      const partner = lane.lane ^ distance;
      if (!lane.active || partner < lane.lane) continue;
      const rise = STAPLE_RISE[distance === 2 ? lane.lane % 2 : 0];
      const [a, b] = [this.layout.across(lane.lane), this.layout.across(partner)];
      const points = [
        this.layout.point(a, top),
        this.layout.point(a, top - rise),
        this.layout.point(b, top - rise),
        this.layout.point(b, top),
      ];
      const line = new Graphics().moveTo(points[0].x, points[0].y);
      for (const p of points.slice(1)) line.lineTo(p.x, p.y);
      // White, so that its tint is exactly the colour of its phase's state.
      line.stroke({ width: 3, color: 0xffffff });
      const phase = lane.phase === null ? null : schedule.phases[lane.phase - 1].ordinal;
      this.staples.push({ ordinal: phase, line });
      this.view.addChild(line);
    }
  }

  update(frame: FrameRecord): void {
    for (const staple of this.staples)
      staple.line.tint = staple.ordinal === frame.phase ? PALETTE.pointer : PALETTE.textMuted;
    for (const group of this.groups) {
      const now = group.ordinal === frame.phase;
      group.line.alpha = now ? 1 : 0.35;
      setLabel(group.label, group.label.text, now ? PALETTE.pointer : PALETTE.textMuted);
    }
    // As the mirror says it: a count only where more than one phase carries a request.
    const parts = [
      ...(frame.phases > 1 ? [`phase ${frame.phase} of ${frame.phases}`] : []),
      ...(this.paired ? ['lane pairs served as one'] : []),
      ...(this.racing > 0 ? [`${this.racing} store${this.racing === 1 ? '' : 's'} race`] : []),
    ];
    setLabel(this.note, parts.join(' · '));
  }
}
