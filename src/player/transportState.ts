import { assign, emit, raise } from 'xstate';
import { command, ENTER, playerSetup, seekTo } from './playerSetup';

/**
 * The transport region: it invokes the timeline actor for the scene (or access) it entered, tells
 * it to play, pause, seek or re-time, and hears `timeline.*` back. Re-entering it restarts the actor.
 */
export const transportState = playerSetup.createStateConfig({
  invoke: {
    id: 'timeline',
    src: 'timeline',
    input: ({ context }) => ({
      sceneIndex: context.sceneIndex,
      startAt: context.startAt,
      startAtLastBeat: context.startAtLastBeat,
      speed: context.speed,
      readingSpeed: context.readingSpeed,
      voiced: context.voiced,
      access: context.access,
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
      {
        target: '.stopped.paused',
        actions: emit(({ context }) => ({ type: 'steps.beyond' as const, index: context.sceneIndex })),
      },
    ],
    'timeline.before': {
      ...ENTER,
      guard: 'stepsBack',
      actions: assign({
        sceneIndex: ({ context }) => context.sceneIndex - 1,
        startAtLastBeat: true,
        view: ({ context }) => ({ ...context.view, lanes: [] }),
      }),
    },
    'speed.set': {
      actions: [{ type: 'setSpeed', params: ({ event }) => ({ speed: event.speed }) }, 'sendSpeed'],
    },
    'reading.set': {
      actions: [assign({ readingSpeed: ({ event }) => event.readingSpeed }), 'sendReading'],
    },
    'voice.takes': { actions: [assign({ voiced: ({ event }) => event.voiced }), 'sendReading'] },
    'loop.set': { actions: assign({ loop: ({ event }) => event.loop }) },
    'autoAdvance.set': { actions: assign({ autoAdvance: ({ event }) => event.autoAdvance }) },
  },
  states: {
    entering: {
      // In and out marks belong to the scene (or access) they were set in.
      entry: { type: 'setView', params: { marks: { in: null, out: null } } },
      always: [
        { guard: 'asksQuestion', target: 'awaitingPrediction', actions: 'forgetStart' },
        { guard: 'playOnEnter', target: 'moving.playing', actions: 'forgetStart' },
        { target: 'stopped.paused', actions: 'forgetStart' },
      ],
    },
    // Standing at a time: paused, or at the end.
    stopped: {
      initial: 'paused',
      on: {
        'playback.play': 'moving.playing',
        'playback.toggle': 'moving.playing',
        'playback.restart': { target: 'moving.playing', actions: seekTo(0) },
        'playback.seek': {
          target: '.paused',
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'round.next': { target: '.paused', actions: command({ type: 'clock.round', delta: 1 }) },
        'round.prev': { target: '.paused', actions: command({ type: 'clock.round', delta: -1 }) },
        'round.goto': {
          target: '.paused',
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.roundAt', round: event.round }) },
        },
        'frame.step': {
          target: '.paused',
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.frame', delta: event.delta }) },
        },
        'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: false }) },
        'beat.next': { actions: command({ type: 'clock.beat', delta: 1 }) },
        'beat.prev': { target: '.paused', actions: command({ type: 'clock.beat', delta: -1 }) },
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
        'playback.seek': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'round.next': { actions: command({ type: 'clock.round', delta: 1 }) },
        'round.prev': { actions: command({ type: 'clock.round', delta: -1 }) },
        'round.goto': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.roundAt', round: event.round }) },
        },
        'playback.end': { target: 'stopped.paused', actions: command({ type: 'clock.end' }) },
        'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: true }) },
        'frame.step': {
          target: 'stopped.paused',
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.frame', delta: event.delta }) },
        },
        'beat.next': { actions: command({ type: 'clock.beat', delta: 1 }) },
        'beat.prev': { target: 'stopped.paused', actions: command({ type: 'clock.beat', delta: -1 }) },
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
                actions: ['announceEnd', assign({ playOnEnter: true }), raise({ type: 'scene.next' })],
              },
              { guard: 'loops', actions: [seekTo(0), command({ type: 'clock.play' })] },
              { target: '#player.ready.transport.stopped.ended', actions: 'announceEnd' },
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
    scrubbing: {
      on: {
        'scrub.move': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'playback.seek': {
          actions: { type: 'clock', params: ({ event }) => ({ type: 'clock.seek', time: event.time }) },
        },
        'scrub.end': [{ guard: 'resumes', target: 'moving.playing' }, { target: 'stopped.paused' }],
      },
    },
    awaitingPrediction: {
      on: {
        // The verdict is read first; the learner starts the animation when ready.
        'prediction.submit': {
          target: 'stopped.paused',
          actions: [
            assign({
              predictions: ({ context, event }) => ({
                ...context.predictions,
                [context.scenes[context.sceneIndex].id]: event.answer,
              }),
            }),
            {
              type: 'answer',
              params: ({ event }) => ({
                answer: event.answer,
                attempt: event.attempt ?? 1,
                hinted: event.hinted ?? false,
                final: true,
              }),
            },
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
        'prediction.skip': 'stopped.paused',
        'beat.prev': { actions: raise({ type: 'timeline.before' }) },
        // Asked of a room (a clicker's next step): the model's answer is revealed, no one's given.
        'beat.next': {
          target: 'stopped.paused',
          actions: assign({
            predictions: ({ context }) => ({
              ...context.predictions,
              [context.scenes[context.sceneIndex].id]: '',
            }),
          }),
        },
        // Explore with predictions turned off shows the access at once.
        'predict.set': {
          guard: { type: 'stopsAsking', params: ({ event }) => ({ predict: event.predict }) },
          target: 'stopped.paused',
        },
      },
    },
  },
});
