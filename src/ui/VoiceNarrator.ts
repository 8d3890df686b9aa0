import type { PlayerSession } from '../session/PlayerSession';

/**
 * Reads captions aloud where the browser offers a voice, and holds playback until each is spoken.
 *
 * @remarks
 * Off by default. Where no voice is offered (headless browsers, some systems) the option is never
 * shown, rather than shown broken. Holding is a machine event, so the clock still has one driver.
 */
export class VoiceNarrator {
  private enabled = false;
  private spoken = '';

  constructor(option: HTMLElement, checkbox: HTMLInputElement, session: PlayerSession) {
    const synth = globalThis.speechSynthesis;
    const offer = () => (option.hidden = !synth || synth.getVoices().length === 0);
    offer();
    synth?.addEventListener?.('voiceschanged', offer);
    checkbox.addEventListener('change', () => {
      this.enabled = checkbox.checked;
      if (!this.enabled) synth?.cancel();
    });
    session.on('frame', (frame) => {
      const text = frame.beat?.text ?? '';
      if (!this.enabled || !text || text === this.spoken || session.getSnapshot().state !== 'playing') return;
      this.spoken = text;
      const utterance = new SpeechSynthesisUtterance(text);
      const resume = () => session.send({ type: 'voice.resume' });
      utterance.addEventListener('end', resume);
      utterance.addEventListener('error', resume);
      session.send({ type: 'voice.hold' });
      synth.cancel();
      synth.speak(utterance);
    });
  }
}
