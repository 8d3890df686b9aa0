import { fromCallback } from 'xstate';
import { getBeatAt, roundLabel, type TimelinePlan } from '../timeline/planTimeline';
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

/** The time round `round` starts (0: the scene's start; past the last round: its end). */
export function getRoundTime(plan: TimelinePlan, round: number): number {
  if (round <= 0) return 0;
  return plan.labels[roundLabel(round)] ?? plan.duration;
}

/**
 * The real timeline actor: puts a scene on the clock and obeys the machine's commands.
 *
 * @remarks
 * `loadScene` prepares everything that shows the scene and returns its plan for the input's
 * reading speed; the clock then draws every frame. Re-timing for a reading speed loads the new
 * plan at the start of the beat on screen, so the learner keeps their place. The actor reports
 * only the end of playback back to the machine.
 */
export function createTimelineLogic(clock: PlaybackClock, loadScene: (input: TimelineInput) => TimelinePlan) {
  return fromCallback<ClockCommand, TimelineInput>(({ input, receive, sendBack }) => {
    const ended = () => sendBack({ type: 'timeline.ended' } satisfies PlayerEvent);
    let plan = loadScene(input);
    clock.setSpeed(input.speed);
    clock.load(plan, input.startAt ?? 0, ended);
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
        case 'clock.roundAt':
          return clock.seek(getRoundTime(plan, command.round));
        case 'clock.frame':
          return clock.seek(clock.time + command.delta * FRAME_STEP);
        case 'clock.speed':
          return clock.setSpeed(command.speed);
        case 'clock.replan': {
          const beat = getBeatAt(plan, clock.time);
          const playing = clock.playing;
          plan = loadScene({ ...input, readingSpeed: command.readingSpeed });
          clock.load(plan, beat ? plan.beats[beat.index].start : 0, ended);
          if (playing) clock.play();
          return;
        }
      }
    });
    return () => clock.pause();
  });
}
