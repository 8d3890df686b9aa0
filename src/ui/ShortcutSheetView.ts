import { createElement } from './createElement';
import { SHORTCUTS } from './shortcuts';

/** The `?` sheet: the keyboard map, read from the same table the key handler obeys. */
export class ShortcutSheetView {
  constructor(private readonly dialog: HTMLDialogElement) {
    dialog
      .querySelector('dl')!
      .append(...SHORTCUTS.flatMap((s) => [createElement('dt', {}, s.label), createElement('dd', {}, s.does)]));
  }

  open(): void {
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Closes the sheet; `false` when it was not open. */
  close(): boolean {
    if (!this.dialog.open) return false;
    this.dialog.close();
    return true;
  }
}
