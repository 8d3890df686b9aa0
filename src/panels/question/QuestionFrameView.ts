import { Container, Graphics } from 'pixi.js';
import { PALETTE } from '../../stage/palette';
import { BODY, createPanelText, HEADING, MUTED, PANEL_WIDTH } from '../../stage/panels/framePanel';
import type { QuestionRecord } from './questionPanel';

const SPACE = 14;

/**
 * A scene's question in the frame, asked of the room: the prompt, then at the reveal the model's
 * answer (beside the learner's, if one was given) and the explanation.
 *
 * @remarks
 * While it is asked it is only as tall as the prompt and what the room is to do, and the column
 * keeps it on every page (see FramePanelColumn); answered, it has room for the explanation.
 */
export class QuestionFrameView {
  readonly view = new Container();
  readonly height: number;
  readonly held: { readonly height: number; now(): boolean };
  private readonly border = new Graphics();
  private readonly answer = new Container();
  private shown = '';
  private revealed = false;

  constructor(first: QuestionRecord) {
    const title = createPanelText(first.heading, HEADING, 16, 12);
    const prompt = createPanelText(first.prompt, { ...BODY, wordWrapWidth: PANEL_WIDTH - 32 }, 16, 56);
    const top = prompt.y + prompt.height + SPACE;
    this.answer.position.set(16, top);
    this.view.addChild(this.border, title, prompt, this.answer);
    // Room for the answer and its explanation, measured once so the box never grows at the reveal.
    const explanation = createPanelText(first.explanation, { ...MUTED, wordWrapWidth: PANEL_WIDTH - 32 });
    this.height = top + 40 + explanation.height + SPACE * 2;
    explanation.destroy();
    const asked = createPanelText('Predict', MUTED);
    this.held = { height: top + asked.height + SPACE * 2, now: () => !this.revealed };
    asked.destroy();
    this.draw(first);
  }

  draw({ revealed, said, explanation }: QuestionRecord): void {
    if (said === this.shown) return;
    this.shown = said;
    this.revealed = revealed;
    this.answer.removeChildren().forEach((child) => child.destroy());
    const height = revealed ? this.height : this.held.height;
    this.border.clear().roundRect(0, 0, PANEL_WIDTH, height, 10).stroke({ width: 2, color: PALETTE.serving });
    if (!revealed) {
      this.answer.addChild(createPanelText(said, MUTED));
      return;
    }
    const line = createPanelText(said, { ...BODY, fontWeight: '700' });
    const why = createPanelText(explanation, { ...MUTED, wordWrapWidth: PANEL_WIDTH - 32 }, 0, line.height + 6);
    this.answer.addChild(line, why);
  }
}
