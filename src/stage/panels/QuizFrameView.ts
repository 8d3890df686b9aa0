import { Container } from 'pixi.js';
import type { QuizRecord } from '../../program/panels/quizPanel';
import { PALETTE } from '../palette';
import { BODY, createPanelText, HEADING, MUTED } from './framePanel';

/** The lesson's questions in the frame: every prompt, and the model's answers once revealed. */
export class QuizFrameView {
  readonly view = new Container();
  readonly height: number;
  private readonly answers: ReturnType<typeof createPanelText>[] = [];
  private shown: boolean | null = null;

  constructor(private readonly first: QuizRecord) {
    this.view.addChild(createPanelText('Try it yourself', HEADING));
    let y = 48;
    first.questions.forEach((q, i) => {
      const prompt = createPanelText(`${i + 1}. ${q.prompt}${q.explain ? ` ${q.explain}` : ''}`, BODY, 0, y);
      y += prompt.height + 4;
      const answer = createPanelText(
        'Predict, then reveal.',
        { ...BODY, fontWeight: '700', fill: PALETTE.served },
        22,
        y,
      );
      this.answers.push(answer);
      y += answer.height + 14;
      this.view.addChild(prompt, answer);
    });
    if (first.takeaways.length > 0) {
      const head = createPanelText('Compare your explanation', { ...HEADING, fontSize: 26 }, 0, y);
      this.view.addChild(head);
      y += head.height + 6;
      for (const point of first.takeaways) {
        const text = createPanelText(`• ${point}`, MUTED, 0, y);
        this.view.addChild(text);
        y += text.height + 4;
      }
    }
    this.height = y;
    this.draw(first);
  }

  draw({ revealed }: QuizRecord): void {
    if (revealed === this.shown) return;
    this.shown = revealed;
    this.first.questions.forEach(
      (q, i) => (this.answers[i].text = revealed ? `The model: ${q.answer}` : 'Predict, then reveal.'),
    );
  }
}
