/**
 * The header's tools as a menu on narrow screens: a button opens them in a panel under it. On wide
 * screens the CSS shows them inline and hides the button, so this only ever runs where it shows.
 */
export class ToolsMenuView {
  constructor(
    private readonly toggle: HTMLButtonElement,
    private readonly panel: HTMLElement,
  ) {
    toggle.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    // A tool that was used (an export dialog opened, a link copied) leaves the menu closed behind it.
    panel.addEventListener('click', (e) => {
      if ((e.target as HTMLElement).closest('button, a')) this.close(false);
    });
    document.addEventListener('pointerdown', (e) => {
      const target = e.target as Node;
      if (this.isOpen && !panel.contains(target) && !toggle.contains(target)) this.close(false);
    });
  }

  get isOpen(): boolean {
    return this.panel.classList.contains('is-open');
  }

  open(): void {
    this.panel.classList.add('is-open');
    this.toggle.setAttribute('aria-expanded', 'true');
    this.panel.querySelector<HTMLElement>('button, select, a, input:not([tabindex="-1"])')?.focus();
  }

  /** Closes the menu; `false` when it was not open. Focus goes back to its button unless `refocus` is off. */
  close(refocus = true): boolean {
    if (!this.isOpen) return false;
    this.panel.classList.remove('is-open');
    this.toggle.setAttribute('aria-expanded', 'false');
    if (refocus) this.toggle.focus();
    return true;
  }
}
