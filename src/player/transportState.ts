import { raise } from 'xstate';
import { isAsking } from './playerContext';
import { command, ENTER, playerSetup, seekTo, toStart } from './playerSetup';
import type { ClockCommand, PlayerEvent } from './playerTypes';

type EventOf<T extends PlayerEvent['type']> = Extract<PlayerEvent, { type: T }>;

/**
 * A move of the clock while watching (a seek, a round), made from the event that asks for it: it
 * plays on or stays paused, but no longer stands at the end.
 */
function moveClock<T extends PlayerEvent['type']>(make: (event: EventOf<T>) => ClockCommand) {
  const actions = { type: 'clock' as const, params: ({ event }: { event: EventOf<T> }) => make(event) };
  return [{ guard: 'atEnd' as const, target: '.stopped.paused', actions }, { actions }];
}

/**
 * The transport region: it invokes the timeline actor for the scene (or access) it entered, tells
 * it to play, pause, seek or re-time, and hears `timeline.*` back. Re-entering it restarts the actor.
 *
 * @remarks
 * `watching` holds the controls that work the same whether the clock stands (`stopped`) or runs
 * (`moving`); only what differs is written in each. Scrubbing returns to where it began (a history
 * state): playing on if the clock was moving.
 */
export const transportState = playerSetup.createStateConfig({
  invoke: {
    id: 'timeline',
    src: 'timeline',
    input: ({ context }) => ({
      sceneIndex: context.sceneIndex,
      startAt: context.startAt,
      startAtLastBeat: context.startAtLastBeat,
      asking: isAsking(context),
      speed: context.speed,
      readingSpeed: context.readingSpeed,
      voiced: context.voiced,
      access: context.access,
      title: context.staged.title,
    }),
  },
  entry: 'announceScene',
  initial: 'entering',
  on: {
    'scene.next': {
      ...ENTER,
      guard: 'hasNext',
      actions: { type: 'setScene', params: ({ context }) => ({ index: context.sceneIndex + 1 }) },
    },
    'scene.prev': {
      ...ENTER,
      guard: 'hasPrev',
      actions: { type: 'setScene', params: ({ context }) => ({ index: context.sceneIndex - 1 }) },
    },
    'scene.goto': {
      ...ENTER,
      guard: { type: 'isScene', params: ({ event }) => ({ index: event.index }) },
      actions: { type: 'setScene', params: ({ event }) => ({ index: event.index }) },
    },
    // Stepping past the last beat goes on to the next scene, and before the first back to the
    // previous scene's last beat, as a deck steps through fragments and slides.
    'timeline.beyond': [
      {
        ...ENTER,
        guard: 'stepsOn',
        actions: { type: 'setScene', params: ({ context }) => ({ index: context.sceneIndex + 1 }) },
      },
      { target: '.watching.stopped.paused', actions: 'announceBeyond' },
    ],
    'timeline.before': {
      ...ENTER,
      guard: 'stepsBack',
      actions: { type: 'setScene', params: ({ context }) => ({ index: context.sceneIndex - 1, atLastBeat: true }) },
    },
    'speed.set': {
      actions: [{ type: 'setPlayback', params: ({ event }) => ({ speed: event.speed }) }, 'sendSpeed'],
    },
    'reading.set': {
      actions: [{ type: 'setPlayback', params: ({ event }) => ({ readingSpeed: event.readingSpeed }) }, 'sendReading'],
    },
    'voice.takes': {
      actions: [{ type: 'setPlayback', params: ({ event }) => ({ voiced: event.voiced }) }, 'sendReading'],
    },
    'loop.set': { actions: { type: 'setPlayback', params: ({ event }) => ({ loop: event.loop }) } },
    'autoAdvance.set': {
      actions: { type: 'setPlayback', params: ({ event }) => ({ autoAdvance: event.autoAdvance }) },
    },
  },
  states: {
    entering: {
      // In and out marks belong to the scene (or access) they were set in.
      entry: { type: 'setView', params: { marks: { in: null, out: null } } },
      always: [
        { guard: 'asksQuestion', target: 'awaitingPrediction', actions: 'forgetStart' },
        { guard: 'playOnEnter', target: 'watching.moving.playing', actions: 'forgetStart' },
        { target: 'watching.stopped.paused', actions: 'forgetStart' },
      ],
    },
    // The scene on screen with the transport's controls: the clock standing at a time, or running.
    watching: {
      initial: 'stopped',
      on: {
        'playback.seek': moveClock<'playback.seek'>((event) => ({ type: 'clock.seek', time: event.time })),
        'round.next': moveClock(() => ({ type: 'clock.round', delta: 1 })),
        'round.prev': moveClock(() => ({ type: 'clock.round', delta: -1 })),
        'round.goto': moveClock<'round.goto'>((event) => ({ type: 'clock.roundAt', round: event.round })),
        'frame.step': {
          target: '.stopped.paused',
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.frame', delta: event.delta }) },
        },
        'beat.next': { actions: command({ type: 'clock.beat', delta: 1 }) },
        'beat.prev': { target: '.stopped.paused', actions: command({ type: 'clock.beat', delta: -1 }) },
        'scrub.start': 'scrubbing',
      },
      states: {
        // Standing at a time: paused, or at the end.
        stopped: {
          initial: 'paused',
          on: {
            'playback.play': 'moving.playing',
            'playback.toggle': 'moving.playing',
            'playback.restart': { target: 'moving.playing', actions: seekTo(0) },
            'timeline.stepping': 'moving.playing',
          },
          states: {
            paused: { on: { 'playback.end': { actions: command({ type: 'clock.end' }) } } },
            ended: {},
          },
        },
        // The clock running, or waiting while a voice reads the caption aloud (held).
        moving: {
          initial: 'playing',
          on: {
            'playback.pause': 'stopped.paused',
            'playback.toggle': 'stopped.paused',
            'playback.end': { target: 'stopped.paused', actions: command({ type: 'clock.end' }) },
            // A step reached its beat (also while a voice read): the step ends there.
            'timeline.reached': 'stopped.paused',
          },
          states: {
            playing: {
              entry: command({ type: 'clock.play' }),
              exit: command({ type: 'clock.pause' }),
              on: {
                'playback.restart': { actions: seekTo(0) },
                'voice.hold': 'held',
                'timeline.ended': [
                  {
                    guard: 'advances',
                    actions: [
                      'announceEnd',
                      { type: 'setPlayback', params: { playOnEnter: true } },
                      raise({ type: 'scene.next' }),
                    ],
                  },
                  { guard: 'loops', actions: [seekTo(0), command({ type: 'clock.play' })] },
                  { target: '#player.ready.transport.watching.stopped.ended', actions: 'announceEnd' },
                ],
              },
            },
            held: {
              on: {
                'voice.resume': 'playing',
                'timeline.stepping': 'playing',
                'playback.restart': { target: 'playing', actions: seekTo(0) },
              },
            },
          },
        },
        // Where a scrub returns to: stopped (paused) or moving (playing), as it was.
        resume: { type: 'history' },
      },
    },
    scrubbing: {
      on: {
        'scrub.move': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'playback.seek': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'scrub.end': 'watching.resume',
      },
    },
    // The question is asked over the scene's start; once it is answered, revealed or passed over, the
    // clock goes where the scene was entered at (a link's moment, the last beat stepped back into).
    awaitingPrediction: {
      on: {
        // The verdict is read first; the learner starts the animation when ready.
        'prediction.submit': {
          target: 'watching.stopped.paused',
          actions: [
            { type: 'recordPrediction', params: ({ event }) => ({ answer: event.answer }) },
            {
              type: 'answer',
              params: ({ event }) => ({
                answer: event.answer,
                attempt: event.attempt ?? 1,
                hinted: event.hinted ?? false,
                final: true,
              }),
            },
            toStart,
          ],
        },
        'prediction.attempt': {
          actions: {
            type: 'answer',
            params: ({ event }) => ({
              answer: event.answer,
              attempt: event.attempt,
              hinted: event.hinted,
              final: false,
            }),
          },
        },
        // Passed over: the answer may show (the round count, the takeaways), and the question is not
        // asked again on the way back, as for a room.
        'prediction.skip': {
          target: 'watching.stopped.paused',
          actions: [{ type: 'recordPrediction', params: { answer: '' } }, toStart],
        },
        'beat.prev': { actions: raise({ type: 'timeline.before' }) },
        // Asked of a room (a clicker's next step): the model's answer is revealed, no one's given.
        'beat.next': {
          target: 'watching.stopped.paused',
          actions: [{ type: 'recordPrediction', params: { answer: '' } }, toStart],
        },
        // Explore with predictions turned off shows the access at once.
        'predict.set': {
          guard: { type: 'stopsAsking', params: ({ event }) => ({ predict: event.predict }) },
          target: 'watching.stopped.paused',
          actions: toStart,
        },
        // The recorder reads every caption: the question gives way, unanswered, for the recording.
        'voiceOver.set': {
          guard: { type: 'opensRecorder', params: ({ event }) => ({ voiceOver: event.voiceOver }) },
          target: 'watching.stopped.paused',
          actions: toStart,
        },
        // The editor plays the beat the author writes: the question gives way, unanswered, to it.
        'editor.set': {
          guard: { type: 'opensEditor', params: ({ event }) => ({ editing: event.editing }) },
          target: 'watching.stopped.paused',
          actions: toStart,
        },
      },
    },
  },
});
