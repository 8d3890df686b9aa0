import type { ReadyQuestion } from '../createProgram';
import { definePanelKind } from './definePanelKind';

export interface QuizRecord {
  readonly questions: readonly ReadyQuestion[];
  readonly takeaways: readonly string[];
  /** Whether the model's answers show: from the scene's last beat in time (a room has been asked by then). */
  readonly revealed: boolean;
}

/** The lesson's questions, with the points to compare one's explanations with. */
export const quizPanel = definePanelKind<
  { questions: readonly ReadyQuestion[]; takeaways: readonly string[] },
  QuizRecord
>({
  kind: 'quiz',
  content: (entry) => ({ questions: entry.quiz, takeaways: entry.takeaways }),
  // The last beat in time, not in writing: a lesson's cues need not come in the order they play.
  record: (quiz, { frame, plan }) => ({
    ...quiz,
    revealed: frame.beat !== null && frame.beat.index === plan.beats.at(-1)?.index,
  }),
});
