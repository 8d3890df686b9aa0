import { Container, Graphics } from 'pixi.js';
import type { ReadyQuestion } from '../../program/createProgram';
import { PALETTE } from '../palette';
import {
  BODY,
  createPanelText,
  HEADING,
  MUTED,
  PANEL_WIDTH,
  type FramePanel,
  type FramePanelState,
} from './framePanel';

const SPACE = 14;

/**
 * A scene's question in the frame, asked of the room: the prompt, then at the reveal the model's
 * answer (beside the learner's, if one was given) and the explanation.
 */
export class QuestionFrameView implements FramePanel {
  readonly view = new Container();
  readonly height: number;
  private readonly answer = new Container();
  private shown = '';

  constructor(
    private readonly question: ReadyQuestion,
    heading = 'Predict',
  ) {
    const border = new Graphics();
    const title = createPanelText(heading, HEADING, 16, 12);
    const prompt = createPanelText(question.prompt, { ...BODY, fontSize: 26, wordWrapWidth: PANEL_WIDTH - 32 }, 16, 56);
    const top = prompt.y + prompt.height + SPACE;
    this.answer.position.set(16, top);
    this.view.addChild(border, title, prompt, this.answer);
    const explanation = createPanelText(question.explanation, { ...MUTED, wordWrapWidth: PANEL_WIDTH - 32 });
    this.height = top + 40 + explanation.height + SPACE * 2;
    border.roundRect(0, 0, PANEL_WIDTH, this.height, 10).stroke({ width: 2, color: PALETTE.serving });
  }

  update({ revealed, answer }: FramePanelState): void {
    const key = `${revealed}|${answer}`;
    if (key === this.shown) return;
    this.shown = key;
    this.answer.removeChildren().forEach((child) => child.destroy());
    if (!revealed) {
      this.answer.addChild(createPanelText('Predict, then watch the rounds.', MUTED));
      return;
    }
    const line = `${answer ? `You: ${answer} · ` : ''}The model: ${this.question.answer}`;
    const said = createPanelText(line, { ...BODY, fontSize: 26, fontWeight: '700' });
    const explanation = createPanelText(
      this.question.explanation,
      { ...MUTED, wordWrapWidth: PANEL_WIDTH - 32 },
      0,
      said.height + 6,
    );
    this.answer.addChild(said, explanation);
  }
}
