import { Container } from 'pixi.js';
import type { Schedule } from '../engine';
import { describeLane } from '../program/describeLane';
import { LaneCalloutView } from './LaneCalloutView';
import { placeCallouts } from './placeCallouts';
import type { StageLayout } from './stageGeometry';

/** The inspected lanes' callouts, one layer of the stage, placed clear of each other. */
export class LaneCalloutsView {
  readonly view = new Container();
  private readonly callouts: LaneCalloutView[] = [];

  constructor(private readonly layout: StageLayout) {}

  /** A callout for each of `lanes` from the access's schedule (none before a scene is shown). */
  show(schedule: Schedule | undefined, lanes: readonly number[], showRound: boolean): void {
    const callouts = schedule ? lanes.map((lane) => describeLane(schedule, lane, showRound)) : [];
    const boxes = placeCallouts(this.layout, callouts);
    while (this.callouts.length < callouts.length) {
      const view = new LaneCalloutView(this.layout);
      this.callouts.push(view);
      this.view.addChild(view.view);
    }
    this.callouts.forEach((view, i) => {
      view.view.visible = i < callouts.length;
      if (i < callouts.length) view.show(callouts[i], boxes[i]);
    });
  }
}
