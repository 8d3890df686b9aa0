import {
  createSpecRequest,
  getElementBytes,
  MATRIX_ROW_BYTES,
  PHASE_BYTES,
  writeBlock,
  writeSwizzle,
  getAccessKind,
  getPaddingWords,
  getSchedule,
  getSpecTile,
  getTileFootprint,
  getTileRows,
  groupDigits,
  parseSharedArray,
  readWrittenSpec,
  type AccessSpec,
  type EngineError,
  type Result,
  type Schedule,
  type WarpRequest,
} from '../src/engine';
import type { Scene, SceneAccess } from './defineScene';
import { findFactPlaceholders } from './factNames';

/** Every number a scene's narration may say, by name, each read off the engine. */
export type Facts = Readonly<Record<string, string>>;

/** The access a scene writes, as the engine builds it, with the whole spec it came from. */
export function createSceneAccess(written: SceneAccess): Result<{ spec: AccessSpec; access: WarpRequest }> {
  // Read field by field through the engine's own definitions, as a link is.
  const spec = readWrittenSpec(written);
  if (!spec.ok) return spec;
  const access = createSpecRequest(spec.value);
  return access.ok ? { ok: true, value: { spec: spec.value, access: access.value } } : access;
}

/** Facts of one access, under `prefix` (`''` for the scene's own access). */
function getAccessFacts(spec: AccessSpec, schedule: Schedule, prefix: string): Record<string, string> {
  const busiest = schedule.banks[schedule.busiestBanks[0]];
  const facts: Record<string, string> = {
    rounds: String(schedule.rounds),
    banks: String(schedule.model.banks),
    lastBank: String(schedule.model.banks - 1),
    wordBytes: String(schedule.model.wordBytes),
    lanes: String(schedule.activeLanes),
    warp: String(schedule.access.length),
    lastLane: String(schedule.access.length - 1),
    busiest: String(busiest.bank),
    busiestCount: String(schedule.busiestBanks.length),
    busiestWords: String(busiest.queue.length),
    busiestRequests: String(busiest.requests),
    usedBanks: String(schedule.usedBanks),
    idleBanks: String(schedule.model.banks - schedule.usedBanks),
    conflictFree: schedule.conflictFree ? 'yes' : 'no',
    phases: String(schedule.activePhases),
    type: schedule.type,
    elementBytes: String(getElementBytes(schedule.type)),
    bytes: String(schedule.request.lanes.find((l) => l !== null)?.bytes ?? 0),
    op: schedule.op,
    // Said as a kernel author says it, 32×8; a link writes 32x8.
    block: writeBlock(schedule.request.block).replace(/x/g, '×'),
    warpIndex: String(schedule.request.warp),
    racing: String(schedule.racing.length),
    raceFree: schedule.racing.length === 0 ? 'yes' : 'no',
    bankBytes: String(schedule.model.banks * schedule.model.wordBytes),
    lanesPerPhase: String(schedule.request.lanesPerPhase),
    laneWords: String(schedule.laneWords),
    phaseBytes: String(PHASE_BYTES),
    matrices: String(schedule.request.matrices),
    rowBytes: String(MATRIX_ROW_BYTES),
    swizzle: spec.swizzle ? `Swizzle<${writeSwizzle(spec.swizzle)}>` : 'none',
    shared: spec.shared.replace(/^((__shared__|static|volatile|extern)\s+)+/, '').replace(/;\s*$/, ''),
  };
  for (const phase of schedule.phases) {
    facts[`phaseRounds${phase.phase}`] = String(phase.rounds);
    facts[`phaseBanks${phase.phase}`] = String(phase.usedBanks);
  }
  Object.assign(facts, getShapeFacts(spec, schedule));
  Object.assign(facts, getAccessKind(spec.pattern).facts(spec));
  const tile = getSpecTile(spec);
  if (tile?.ok) {
    const rows = getTileRows(tile.value, schedule.access);
    const footprint = getTileFootprint(tile.value, rows, getElementBytes(schedule.type));
    Object.assign(facts, {
      cols: String(tile.value.columns),
      pitch: String(tile.value.pitch),
      padWords: String(getPaddingWords(tile.value)),
      tileRows: String(rows),
      tileBytes: groupDigits(footprint.bytes),
      usefulBytes: groupDigits(footprint.usefulBytes),
      paddingBytes: groupDigits(footprint.paddingBytes),
      overheadPercent: (footprint.overhead * 100).toFixed(1),
      pitchBytes: groupDigits(tile.value.pitch * getElementBytes(schedule.type)),
    });
  }
  for (const lane of schedule.lanes) {
    if (lane.word === null) continue;
    facts[`word${lane.lane}`] = String(lane.word);
    facts[`bank${lane.lane}`] = String(lane.bank);
    facts[`round${lane.lane}`] = String(lane.round);
    facts[`words${lane.lane}`] = lane.words.length > 1 ? `${lane.words[0]}–${lane.words.at(-1)}` : String(lane.word);
    facts[`address${lane.lane}`] = String(lane.address);
    facts[`phase${lane.lane}`] = String(lane.phase);
    if (lane.thread) facts[`thread${lane.lane}`] = `(${lane.thread.x}, ${lane.thread.y}, ${lane.thread.z})`;
  }
  return Object.fromEntries(Object.entries(facts).map(([k, v]) => [prefix ? `${prefix}.${k}` : k, v]));
}

/**
 * The facts of the access's shape that a sentence may set side by side, each its own number: the
 * distinct words asked for, the block's sides, a declared array's row bytes.
 */
function getShapeFacts(spec: AccessSpec, schedule: Schedule): Record<string, string> {
  const { block } = schedule.request;
  const facts: Record<string, string> = {
    distinctWords: String(schedule.distinctWords),
    blockX: String(block.x),
    blockY: String(block.y),
    blockZ: String(block.z),
  };
  const array = spec.shared === '' ? null : parseSharedArray(spec.shared);
  if (array?.ok) facts.sharedRowBytes = groupDigits(array.value.dims.at(-1)! * getElementBytes(array.value.type));
  return facts;
}

/**
 * Computes every fact a scene's templates may use: its own access's, and those of the accesses it
 * compares with and its questions ask about (under their names).
 */
export function getSceneFacts(scene: Scene): Result<Facts> {
  const named: [string, SceneAccess][] = [
    ['', scene.access],
    ...Object.entries(scene.compare ?? {}),
    ...[...(scene.question ? [scene.question] : []), ...(scene.quiz ?? [])].flatMap((q): [string, SceneAccess][] =>
      q.access ? [[q.id, q.access]] : [],
    ),
  ];
  const facts: Record<string, string> = {};
  for (const [name, written] of named) {
    const made = createSceneAccess(written);
    if (!made.ok) {
      const where = name ? `compare.${name}` : 'access';
      return { ok: false, error: { field: `${where}.${made.error.field}`, reason: made.error.reason } };
    }
    Object.assign(facts, getAccessFacts(made.value.spec, getSchedule(made.value.access), name));
  }
  return { ok: true, value: facts };
}

/**
 * Fills `{fact}` placeholders. An unknown fact is an error naming it, never a silent blank.
 */
export function fillTemplate(template: string, facts: Facts): Result<string> {
  let missing: EngineError | null = null;
  const text = template.replace(findFactPlaceholders(), (_, key: string) => {
    if (!Object.hasOwn(facts, key)) missing ??= { field: key, reason: `no fact called "${key}"` };
    return facts[key] ?? '';
  });
  return missing ? { ok: false, error: missing } : { ok: true, value: text };
}
