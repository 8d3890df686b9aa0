import type { Question, Scene } from '../../scenes';
import type { Facts } from '../../scenes/getSceneFacts';
import { getSchedule, type AccessSpec } from '../engine';
import { fillSceneText, makeSceneAccess } from './fillScene';
import { getQuestionHint } from './getQuestionHint';

/** A question with its templates filled and its answer read off the engine. */
export interface ReadyQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly kind: Question['kind'];
  readonly choices: readonly string[];
  readonly answer: string;
  readonly explanation: string;
  /** A question asked in words after the number, whose explanation the learner writes first; `null`: none. */
  readonly explain: string | null;
  /** The access the question is about, so the learner can open it in Explore. */
  readonly access: AccessSpec;
  /** What a first wrong answer is told: a nudge toward the rule the answer follows. */
  readonly hint: string;
}

/** A question of the scene (its own, or one of its quiz), ready to ask. */
export function readyQuestion(scene: Scene, question: Question, facts: Facts): ReadyQuestion {
  const where = `question ${question.id}`;
  const fill = (text: string) => fillSceneText(scene, text, facts, where);
  const { spec, access } = makeSceneAccess(scene, question.access ?? scene.access, where);
  return {
    id: question.id,
    prompt: fill(question.prompt),
    kind: question.kind,
    choices: question.choices ?? [],
    answer: fill(`{${question.answer}}`),
    explanation: fill(question.explanation),
    explain: question.explain ? fill(question.explain) : null,
    access: spec,
    hint: getQuestionHint(question.kind, question.answer, getSchedule(access)),
  };
}
