import { fromCallback } from 'xstate';
import { getBeatAt, roundLabel, type TimelinePlan } from '../timeline/planTimeline';
import type { PlaybackClock } from './PlaybackClock';
import type { ClockCommand, PlayerEvent, TimelineInput } from './playerMachine';

/** One step of `,` and `.`: a frame at 60 fps. */
export const FRAME_STEP = 1 / 60;

/**
 * Where Shift+→ and Shift+← go from `time`: the start of the next round, or of the round before the
 * one the counter shows; the scene's end and start beyond them.
 */
export function getRoundStepTime(plan: TimelinePlan, time: number, delta: 1 | -1): number {
  const starts = plan.rounds.map((r) => plan.labels[roundLabel(r.round)]);
  const epsilon = 1e-4;
  if (delta > 0) return starts.find((s) => s > time + epsilon) ?? plan.duration;
  // Back one on the round counter: from anywhere in round k (or the end, which shows the last
  // round), the start of round k − 1, so each press shows a round the counter has not shown yet.
  const shown = starts.filter((s) => s <= time + epsilon).length;
  return getRoundTime(plan, shown - 1);
}

/**
 * Where a clicker's step goes from `time`: forward, the next beat's cue; back, the start of the
 * beat on screen (or, from its very start, the one before). `null`: no such beat in this scene.
 */
export function getBeatStepTime(plan: TimelinePlan, time: number, delta: 1 | -1): number | null {
  const epsilon = 0.05;
  const starts = plan.beats.map((b) => b.start);
  if (delta > 0) return starts.find((s) => s > time + 1e-4) ?? null;
  return [...starts].reverse().find((s) => s < time - epsilon) ?? null;
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
export function createTimelineLogic(
  clock: PlaybackClock,
  loadScene: (input: TimelineInput, retiming: boolean) => TimelinePlan,
) {
  return fromCallback<ClockCommand, TimelineInput>(({ input, receive, sendBack }) => {
    const ended = () => sendBack({ type: 'timeline.ended' } satisfies PlayerEvent);
    let plan = loadScene(input, false);
    // Where the scene was to start, read against the plan on the clock then (re-timing may change it).
    const start = () => (input.startAtLastBeat ? (plan.beats.at(-1)?.start ?? 0) : (input.startAt ?? 0));
    clock.setSpeed(input.speed);
    // A question is asked over the scene's start: a later moment would draw its answer beside it.
    clock.load(plan, input.asking ? 0 : start(), ended);
    receive((command) => {
      switch (command.type) {
        case 'clock.play':
          return clock.play();
        case 'clock.pause':
          return clock.pause();
        case 'clock.seek':
          return clock.seek(command.time);
        case 'clock.toStart':
          return clock.seek(start());
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
        case 'clock.beat': {
          // A second step while the first still plays jumps to its cue and holds there (reveal.js's
          // fragments do the same); the one after that goes on.
          if (command.delta > 0 && clock.finishStep()) return;
          const target = getBeatStepTime(plan, clock.time, command.delta);
          if (target === null) return sendBack({ type: command.delta > 0 ? 'timeline.beyond' : 'timeline.before' });
          if (command.delta < 0) return clock.seek(target);
          // The caption on screen has been read: skip the rest of its hold, and animate only what
          // happens on the way to the next cue (nothing, between two beats at one moment).
          const beat = getBeatAt(plan, clock.time);
          const resume = Math.max(clock.time, beat ? beat.start + beat.hold : 0);
          if (resume >= target) return clock.seek(target);
          if (resume > clock.time) clock.seek(resume);
          clock.stopAt(target, () => sendBack({ type: 'timeline.reached' }));
          return sendBack({ type: 'timeline.stepping' });
        }
        case 'clock.replan': {
          const next = loadScene({ ...input, readingSpeed: command.readingSpeed, voiced: command.voiced }, true);
          // Voices of other scenes (or none, as at the start) leave this plan as it was: the moment stays.
          if (next === plan) return;
          const beat = getBeatAt(plan, clock.time);
          const playing = clock.playing;
          plan = next;
          // Beats are planned in time order, which a lesson's cues need not follow: find it by its index.
          const same = beat ? plan.beats.find((b) => b.index === beat.index) : undefined;
          clock.load(plan, same?.start ?? 0, ended);
          if (playing) clock.play();
          return;
        }
      }
    });
    return () => clock.pause();
  });
}
