import {
  createTileLayout,
  getRowPitch,
  getSchedule,
  getTileFootprint,
  type EngineError,
  type Result,
  type Schedule,
} from '../src/engine';
import type { Scene } from './defineScene';

/** Every number a scene's narration may say, by name, each read off the engine. */
export type Facts = Readonly<Record<string, string>>;

const format = (n: number) => n.toLocaleString('en');

/** Facts of one schedule, under `prefix` (`''` for the scene's own access). */
function getScheduleFacts(schedule: Schedule, prefix: string): Record<string, string> {
  const facts: Record<string, string> = {
    rounds: String(schedule.rounds),
    banks: String(schedule.model.banks),
    lastBank: String(schedule.model.banks - 1),
    wordBytes: String(schedule.model.wordBytes),
    lanes: String(schedule.activeLanes),
    warp: String(schedule.access.length),
    lastLane: String(schedule.access.length - 1),
    busiest: String(schedule.busiestBanks[0]),
    busiestCount: String(schedule.busiestBanks.length),
    busiestWords: String(schedule.banks[schedule.busiestBanks[0]].queue.length),
    busiestRequests: String(schedule.banks[schedule.busiestBanks[0]].requests),
    usedBanks: String(schedule.banks.filter((b) => b.queue.length > 0).length),
    conflictFree: schedule.rounds === 1 ? 'yes' : 'no',
  };
  for (const lane of schedule.lanes) {
    if (lane.word === null) continue;
    facts[`word${lane.lane}`] = String(lane.word);
    facts[`bank${lane.lane}`] = String(lane.bank);
    facts[`round${lane.lane}`] = String(lane.round);
  }
  return Object.fromEntries(Object.entries(facts).map(([k, v]) => [prefix ? `${prefix}.${k}` : k, v]));
}

/**
 * Computes every fact a scene's templates may use: its schedule's, its tile's bytes, and those of
 * the accesses it compares with.
 */
export function getSceneFacts(scene: Scene): Result<Facts> {
  const own = scene.access();
  if (!own.ok) return own;
  const facts = getScheduleFacts(getSchedule(own.value), '');
  if (scene.tile) {
    const { rows, pitch, layout } = scene.tile;
    const tile = createTileLayout(pitch, layout);
    if (!tile.ok) return tile;
    const used = getTileFootprint(tile.value, rows, Number(facts.wordBytes));
    const plainTile = createTileLayout(pitch, 'plain');
    if (!plainTile.ok) return plainTile;
    const plain = getTileFootprint(plainTile.value, rows, Number(facts.wordBytes));
    Object.assign(facts, {
      tileRows: String(rows),
      pitch: String(pitch),
      rowPitch: String(getRowPitch(tile.value)),
      tileBytes: format(used.bytes),
      plainBytes: format(plain.bytes),
      paddingBytes: format(used.paddingBytes),
      overheadPercent: (used.overhead * 100).toFixed(1),
    });
  }
  for (const [name, make] of Object.entries(scene.compare ?? {})) {
    const access = make();
    if (!access.ok) return { ok: false, error: { field: `${scene.id}.compare.${name}`, reason: access.error.reason } };
    Object.assign(facts, getScheduleFacts(getSchedule(access.value), name));
  }
  for (const question of [...(scene.question ? [scene.question] : []), ...(scene.quiz ?? [])]) {
    if (question.access) {
      const access = question.access();
      if (!access.ok) return access;
      Object.assign(facts, getScheduleFacts(getSchedule(access.value), question.id));
    }
  }
  return { ok: true, value: facts };
}

/**
 * Fills `{fact}` placeholders. An unknown fact is an error naming it, never a silent blank.
 */
export function fillTemplate(template: string, facts: Facts): Result<string> {
  let missing: EngineError | null = null;
  const text = template.replace(/\{([a-zA-Z0-9.]+)\}/g, (_, key: string) => {
    if (!(key in facts)) missing ??= { field: key, reason: `no fact called "${key}"` };
    return facts[key] ?? '';
  });
  return missing ? { ok: false, error: missing } : { ok: true, value: text };
}
