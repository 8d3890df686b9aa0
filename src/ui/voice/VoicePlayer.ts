import type { PlayerSession } from '../../session/PlayerSession';
import { createTakeSource, getTakeSeconds } from '../../voice/Take';
import type { VoiceTrack } from '../../voice/VoiceTrack';

/** How far the clock may stray from the audio before the takes are scheduled again. */
const DRIFT = 0.12;

/**
 * Plays the voice track in time with the one clock: when playback starts, every take still ahead
 * in the scene is scheduled on the Web Audio clock from the player's time; a seek, a scrub or a
 * step (the clock jumping away from where the audio is) reschedules, and anything but playing
 * silences it.
 *
 * @remarks
 * Only at 1× speed: `AudioBufferSourceNode.playbackRate` changes pitch, and a voice played faster
 * or slower in pitch helps no one, so at other speeds the voice is muted and says so.
 *
 * A lesson with no take makes no audio context: making one opens the sound device, which holds up
 * the first press of Play, and a running one keeps an audio thread busy, which costs playback
 * frames (figures in docs/performance.md). With takes, the context is
 * made and resumed at a press of Play (browsers start sound only from a press) and runs while the
 * lesson plays, so a voiced scene reached without a press is heard; paused, or once the lesson has
 * no take left, it is suspended.
 */
export class VoicePlayer {
  private context: AudioContext | null = null;
  private sources: AudioBufferSourceNode[] = [];
  /** The player's time and the audio clock's at the moment the takes were scheduled. */
  private anchor: { time: number; audio: number } | null = null;
  /** Nothing to play here: nothing to schedule until the scene, the takes or the state change. */
  private unvoiced = false;

  constructor(
    private readonly session: PlayerSession,
    private readonly track: VoiceTrack,
  ) {
    session.select(
      ({ state, context }) => state === 'playing' && context.speed === 1,
      (speaks) => (speaks ? this.schedule() : this.rest()),
    );
    session.on('scene', () => this.silence());
    // Takes that changed (or a re-timed scene) silence the voice; the next frame schedules it again.
    session.on('frame', (frame) => {
      const { state, context } = session.getSnapshot();
      if (state !== 'playing' || context.speed !== 1 || this.unvoiced) return;
      if (!this.anchor || !this.context) return this.schedule();
      const expected = this.anchor.time + (this.context.currentTime - this.anchor.audio);
      if (Math.abs(frame.time - expected) > DRIFT) this.schedule();
    });
    track.onChange(() => this.silence());
  }

  private schedule(): void {
    this.silence();
    const usable = new Set(this.track.usable);
    if (usable.size === 0) {
      // The lesson's last take went while it played: nothing left to hear in any scene.
      void this.context?.suspend();
      this.unvoiced = true;
      return;
    }
    this.context ??= new AudioContext();
    const context = this.context;
    void context.resume();
    const { plan, entry, time } = this.session.getSnapshot();
    const takes = plan.beats.flatMap((beat) => {
      const take = this.track.get(entry.id, beat.index);
      return take && usable.has(take) ? [{ beat, take }] : [];
    });
    if (takes.length === 0) {
      this.unvoiced = true;
      return;
    }
    const now = context.currentTime + 0.02;
    this.anchor = { time, audio: now };
    for (const { beat, take } of takes) {
      if (beat.start + getTakeSeconds(take) <= time) continue;
      const source = createTakeSource(context, take);
      const into = Math.max(0, time - beat.start);
      source.start(now + Math.max(0, beat.start - time), into);
      this.sources.push(source);
    }
  }

  /** Silent, and the audio clock stopped: the sound device rests. */
  private rest(): void {
    this.silence();
    void this.context?.suspend();
  }

  private silence(): void {
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // Already stopped.
      }
    }
    this.sources = [];
    this.anchor = null;
    this.unvoiced = false;
  }
}
