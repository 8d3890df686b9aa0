/**
 * Reads captions aloud where the browser offers a voice, and holds playback until each is spoken.
 *
 * @remarks
 * Off by default. Where no voice is offered (headless browsers, some systems) the option is never
 * shown, rather than shown broken.
 */
export class VoiceNarrator {
  private enabled = false;
  private spoken = '';

  constructor(
    private readonly option: HTMLElement,
    checkbox: HTMLInputElement,
  ) {
    const synth = globalThis.speechSynthesis;
    const offer = () => (this.option.hidden = !synth || synth.getVoices().length === 0);
    offer();
    synth?.addEventListener?.('voiceschanged', offer);
    checkbox.addEventListener('change', () => {
      this.enabled = checkbox.checked;
      if (!this.enabled) synth?.cancel();
    });
  }

  /**
   * Speaks `text` once when it first appears during playback; `hold` pauses the clock and the
   * returned promise resolves when the voice is done.
   */
  speak(text: string, playing: boolean, hold: () => void, resume: () => void): void {
    if (!this.enabled || !playing || !text || text === this.spoken) return;
    this.spoken = text;
    const utterance = new SpeechSynthesisUtterance(text);
    hold();
    utterance.addEventListener('end', resume);
    utterance.addEventListener('error', resume);
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  }
}
