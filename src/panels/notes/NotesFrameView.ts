import type { Notes } from '../../../scenes';
import { ListFrameView } from '../../stage/panels/ListFrameView';

/** Short lists under headings in the frame, as the page shows them. */
export class NotesFrameView extends ListFrameView {
  constructor(notes: readonly Notes[]) {
    super(notes);
  }
}
