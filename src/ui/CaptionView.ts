/** The caption under the stage: the beat on screen now, in an `aria-live` region. */
export class CaptionView {
  private text = '';

  constructor(
    private readonly element: HTMLElement,
    private readonly root: HTMLElement,
    private readonly toggle: HTMLButtonElement,
  ) {
    toggle.addEventListener('click', () => this.setVisible(!this.visible));
  }

  get visible(): boolean {
    return !this.root.classList.contains('captions-off');
  }

  setVisible(visible: boolean): void {
    this.root.classList.toggle('captions-off', !visible);
    this.toggle.setAttribute('aria-pressed', String(visible));
  }

  show(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.element.textContent = text;
  }
}
