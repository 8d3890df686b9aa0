import { fillSceneText } from '../../program/fillScene';
import { readyQuestion, type ReadyQuestion } from '../../program/readyQuestion';
import type { PanelKindDefinition } from '../panelKindDefinition';

/** One of the lesson's questions, as a list of them shows it. */
export interface QuizItem {
  readonly question: ReadyQuestion;
  /** Its prompt, numbered, with the question in words that follows the number. */
  readonly prompt: string;
  /** What shows under it: the model's answer once revealed, else what to do. */
  readonly answer: string;
}

export interface QuizRecord {
  readonly heading: string;
  readonly items: readonly QuizItem[];
  /** The points to compare one's explanations with, under their heading; `null`: none. */
  readonly compare: { readonly heading: string; readonly points: readonly string[] } | null;
  /** Whether the model's answers show: from the scene's last beat in time (a room has been asked by then). */
  readonly revealed: boolean;
}

/** The lesson's questions, with the points to compare one's explanations with. */
export const quizPanel: PanelKindDefinition<
  { questions: readonly ReadyQuestion[]; takeaways: readonly string[] },
  QuizRecord
> = {
  // The facts are read only to fill a question or a takeaway (Explore's access has no scene).
  content: (entry) => {
    const { scene } = entry;
    if (!scene) return { questions: [], takeaways: [] };
    return {
      questions: (scene.quiz ?? []).map((q) => readyQuestion(scene, q, entry.facts)),
      takeaways: (scene.takeaways ?? []).map((t, i) => fillSceneText(scene, t, entry.facts, `takeaway ${i + 1}`)),
    };
  },
  // The last beat in time, not in writing: a lesson's cues need not come in the order they play.
  record: ({ questions, takeaways }, { frame, plan }) => {
    const revealed = frame.beat !== null && frame.beat.index === plan.beats.at(-1)?.index;
    return {
      heading: 'Try it yourself',
      items: questions.map((question, i) => ({
        question,
        prompt: `${i + 1}. ${question.prompt}${question.explain ? ` ${question.explain}` : ''}`,
        answer: revealed ? `The model: ${question.answer}` : 'Predict, then reveal.',
      })),
      compare: takeaways.length > 0 ? { heading: 'Compare your explanation', points: takeaways } : null,
      revealed,
    };
  },
  contentKey: 'quiz',
  lacks: (scene) => (scene.quiz?.length ? null : "the quiz panel needs the scene's quiz"),
};
