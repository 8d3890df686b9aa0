import { Container } from 'pixi.js';
import type { ReadyQuestion } from '../../program/createProgram';
import { PALETTE } from '../palette';
import { BODY, createPanelText, HEADING, MUTED, type FramePanel, type FramePanelState } from './framePanel';

/** The lesson's questions in the frame: every prompt, and the model's answers once revealed. */
export class QuizFrameView implements FramePanel {
  readonly view = new Container();
  readonly height: number;
  private readonly answers: ReturnType<typeof createPanelText>[] = [];
  private shown: boolean | null = null;

  constructor(
    private readonly quiz: readonly ReadyQuestion[],
    takeaways: readonly string[],
    private readonly revealAtBeat: number,
  ) {
    this.view.addChild(createPanelText('Try it yourself', HEADING));
    let y = 48;
    quiz.forEach((q, i) => {
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
    if (takeaways.length > 0) {
      const head = createPanelText('Compare your explanation', { ...HEADING, fontSize: 26 }, 0, y);
      this.view.addChild(head);
      y += head.height + 6;
      for (const point of takeaways) {
        const text = createPanelText(`• ${point}`, MUTED, 0, y);
        this.view.addChild(text);
        y += text.height + 4;
      }
    }
    this.height = y;
  }

  update({ frame }: FramePanelState): void {
    const revealed = (frame.beat?.index ?? -1) >= this.revealAtBeat;
    if (revealed === this.shown) return;
    this.shown = revealed;
    this.quiz.forEach((q, i) => (this.answers[i].text = revealed ? `The model: ${q.answer}` : 'Predict, then reveal.'));
  }
}
