import type { ReadyQuestion } from '../../program/readyQuestion';
import { isAnswerOut, type PanelKindDefinition } from '../panelKindDefinition';

/** The scene's question as the room sees it: asked, then answered by the model. */
export interface QuestionRecord {
  readonly heading: string;
  readonly prompt: string;
  readonly explanation: string;
  /** Whether the model's answer shows: once the read begins, or once the question was answered. */
  readonly revealed: boolean;
  /** What is said under the prompt: what to do, or the answers (the learner's, if given, and the model's). */
  readonly said: string;
}

/**
 * The question a scene asks before its read. The page asks it over the stage (the prediction), so
 * only the frame shows it as a panel, first, unless the scene's panels place it elsewhere.
 */
export const questionPanel: PanelKindDefinition<ReadyQuestion, QuestionRecord> = {
  content: (entry) => entry.question,
  record: (question, moment) => {
    const revealed = isAnswerOut(moment);
    const { answer } = moment;
    return {
      heading: 'Predict',
      prompt: question.prompt,
      explanation: question.explanation,
      revealed,
      said: revealed
        ? `${answer ? `You: ${answer} · ` : ''}The model: ${question.answer}`
        : 'Predict, then watch the rounds.',
    };
  },
  lacks: (scene) => (scene.question ? null : "the question panel needs the scene's question"),
  elsewhereOnPage: true,
};
