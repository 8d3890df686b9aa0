import { ListFrameView } from '../../stage/panels/ListFrameView';
import type { ReferencesRecord } from './referencesPanel';

/** Official references in the frame: each title, and why to read it under it. */
export class ReferencesFrameView extends ListFrameView {
  constructor({ heading, items }: ReferencesRecord) {
    super([{ title: heading, items: items.map(({ title, why }) => [title, why]) }]);
  }
}
