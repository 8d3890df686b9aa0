import { Container } from 'pixi.js';
import { PALETTE } from '../../stage/palette';
import { BODY, createPanelText, HEADING, MUTED } from '../../stage/panels/framePanel';
import type { QuizRecord } from './quizPanel';

/** The lesson's questions in the frame: every prompt, and the model's answers once revealed. */
export class QuizFrameView {
  readonly view = new Container();
  readonly height: number;
  /** Where a page may end: before a question after the first, or before the points to compare. */
  readonly breaks: number[] = [];
  private readonly answers: ReturnType<typeof createPanelText>[] = [];
  private shown: boolean | null = null;

  constructor(first: QuizRecord) {
    this.view.addChild(createPanelText(first.heading, HEADING));
    let y = 48;
    for (const item of first.items) {
      if (this.answers.length > 0) this.breaks.push(y);
      const prompt = createPanelText(item.prompt, BODY, 0, y);
      y += prompt.height + 4;
      const answer = createPanelText(item.answer, { ...BODY, fontWeight: '700', fill: PALETTE.served }, 22, y);
      this.answers.push(answer);
      y += answer.height + 14;
      this.view.addChild(prompt, answer);
    }
    if (first.compare) {
      this.breaks.push(y);
      const head = createPanelText(first.compare.heading, { ...HEADING, fontSize: 26 }, 0, y);
      this.view.addChild(head);
      y += head.height + 6;
      for (const point of first.compare.points) {
        const text = createPanelText(`• ${point}`, MUTED, 0, y);
        this.view.addChild(text);
        y += text.height + 4;
      }
    }
    this.height = y;
    this.draw(first);
  }

  draw({ revealed, items }: QuizRecord): void {
    if (revealed === this.shown) return;
    this.shown = revealed;
    items.forEach((item, i) => (this.answers[i].text = item.answer));
  }
}
