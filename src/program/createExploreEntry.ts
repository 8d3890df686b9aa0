import {
  ADDRESS_TRANSFORMS,
  createSpecRequest,
  getAccessKind,
  getOperation,
  getSchedule,
  getSpecType,
  DEFAULT_ACCESS_SPEC,
  isDefaultField,
  plural,
  WARP_SIZE,
  writeBlock,
  type AccessSpec,
  type Result,
} from '../engine';
import type { ProgramEntry } from './createProgram';
import { describeRounds, nameRequest } from './describeRounds';
import { getQuestionHint } from './getQuestionHint';

/** An access in a line, as a clip or the scene menu names it: "Column 0, pitch 33, first 16 lanes". */
export function describeAccess(spec: AccessSpec): string {
  const lanes =
    spec.mask !== null
      ? [`lanes 0x${(spec.mask >>> 0).toString(16)}`]
      : spec.lanes === WARP_SIZE
        ? []
        : [`first ${plural(spec.lanes, 'lane')}`];
  return [getAccessKind(spec.pattern).describe(spec), ...describeKernel(spec), ...lanes].join(', ');
}

/** The kernel's part of an access in a few words: what differs from the lesson's float load by one warp. */
function describeKernel(spec: AccessSpec): string[] {
  const parts: string[] = [];
  const op = getOperation(spec.op).describe({ type: getSpecType(spec), matrices: spec.x });
  if (op) parts.push(op);
  if (spec.shared !== '')
    parts.push(spec.shared.replace(/^((__shared__|static|volatile|extern)\s+)+/, '').replace(/;$/, ''));
  else if (spec.type !== DEFAULT_ACCESS_SPEC.type) parts.push(spec.type);
  if (!isDefaultField(spec, 'block')) parts.push(`block ${writeBlock(spec.block)}`);
  if (spec.warp !== 0) parts.push(`warp ${spec.warp}`);
  if (spec.swizzle) parts.push(ADDRESS_TRANSFORMS.swizzle.describe(spec.swizzle));
  return parts;
}

/**
 * Explore's one entry for an access: no narration, its tile as its one panel (Explore's own panel
 * shows it in the page), and one question, the rounds, asked before the access is shown (unless
 * the learner turned predictions off): over the stage, never in the frame.
 */
export function createExploreEntry(spec: AccessSpec): Result<ProgramEntry> {
  const access = createSpecRequest(spec);
  if (!access.ok) return access;
  const schedule = getSchedule(access.value);
  return {
    ok: true,
    value: {
      id: 'explore',
      title: `Explore: ${describeAccess(spec)}`,
      spec,
      access: access.value,
      beats: [],
      asksQuestion: true,
      question: {
        id: 'rounds',
        prompt: `Predict first: how many rounds will this ${nameRequest(schedule)} need?`,
        kind: 'number',
        choices: [],
        answer: String(schedule.rounds),
        explain: null,
        explanation: describeRounds(schedule),
        access: spec,
        hint: getQuestionHint('number', 'rounds', schedule),
      },
      panels: ['tile'],
      scene: null,
      facts: {},
    },
  };
}
