import { Container } from 'pixi.js';
import { BODY, createPanelText, HEADING, MUTED, type FramePanel } from './framePanel';

/** Headed lists in the frame: references (title and why), notes, the points to compare with. */
export class ListFrameView implements Omit<FramePanel, 'kind'> {
  readonly view = new Container();
  readonly height: number;
  /** Where a page may end: before a section's heading, or before an item after the first. */
  readonly breaks: number[] = [];

  constructor(sections: readonly { title: string; items: readonly (string | [string, string])[] }[]) {
    let y = 0;
    for (const section of sections) {
      if (y > 0) this.breaks.push(y);
      const heading = createPanelText(section.title, HEADING, 0, y);
      this.view.addChild(heading);
      y += heading.height + 8;
      for (const [i, item] of section.items.entries()) {
        if (i > 0) this.breaks.push(y);
        const [text, detail] = typeof item === 'string' ? [item, null] : item;
        const bullet = createPanelText(`• ${text}`, BODY, 0, y);
        this.view.addChild(bullet);
        y += bullet.height + 4;
        if (detail) {
          const why = createPanelText(detail, MUTED, 22, y);
          this.view.addChild(why);
          y += why.height + 4;
        }
        y += 6;
      }
      y += 12;
    }
    // It ends where its last line does: the spacing after it is the column's to give.
    this.height = Math.max(0, ...this.view.children.map((child) => child.y + child.height));
  }
}
