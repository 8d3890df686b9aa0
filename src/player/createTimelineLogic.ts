import { fromCallback } from 'xstate';
import { roundLabel, type TimelinePlan } from '../timeline/planTimeline';
import type { PlaybackClock } from './PlaybackClock';
import type { ClockCommand, PlayerEvent, TimelineInput } from './playerMachine';

/** One step of `,` and `.`: a frame at 60 fps. */
export const FRAME_STEP = 1 / 60;

/** The time of the round label after (`delta` 1) or before (`delta` -1) `time`; the ends beyond them. */
export function getRoundStepTime(plan: TimelinePlan, time: number, delta: 1 | -1): number {
  const starts = plan.rounds.map((r) => plan.labels[roundLabel(r.round)]);
  const epsilon = 1e-4;
  if (delta > 0) return starts.find((s) => s > time + epsilon) ?? plan.duration;
  return [...starts].reverse().find((s) => s < time - epsilon) ?? 0;
}

/**
 * The real timeline actor: puts scene `sceneIndex` on the clock and obeys the machine's commands.
 *
 * @remarks
 * `loadScene` prepares the stage and the mirror for the scene and returns its plan; the clock then
 * draws every frame. The actor reports only the end of playback back to the machine.
 */
export function createTimelineLogic(clock: PlaybackClock, loadScene: (index: number) => TimelinePlan) {
  return fromCallback<ClockCommand, TimelineInput>(({ input, receive, sendBack }) => {
    const plan = loadScene(input.sceneIndex);
    clock.setSpeed(input.speed);
    clock.load(plan, input.startAt ?? 0, () => sendBack({ type: 'timeline.ended' } satisfies PlayerEvent));
    receive((command) => {
      switch (command.type) {
        case 'clock.play':
          return clock.play();
        case 'clock.pause':
          return clock.pause();
        case 'clock.seek':
          return clock.seek(command.time);
        case 'clock.end':
          return clock.seek(plan.duration);
        case 'clock.round':
          return clock.seek(getRoundStepTime(plan, clock.time, command.delta));
        case 'clock.frame':
          return clock.seek(clock.time + command.delta * FRAME_STEP);
        case 'clock.speed':
          return clock.setSpeed(command.speed);
      }
    });
    return () => clock.pause();
  });
}
