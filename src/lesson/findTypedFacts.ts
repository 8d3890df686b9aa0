import type { Facts } from '../../scenes/getSceneFacts';
import { findFactPlaceholders } from '../../scenes/factNames';

/** A number typed into a text where a fact of the model would say it, and keep saying it truly. */
export interface TypedFact {
  /** Where the number is in the text (characters from its start). */
  readonly index: number;
  readonly number: string;
  /** The facts the number is: those whose value it has and whose kind of quantity the words name. */
  readonly facts: readonly string[];
}

const N = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;

type Unit = readonly [RegExp, (facts: Facts) => readonly string[]];

/**
 * How a text names each of the model's quantities around its number, so that a number is taken
 * for a fact only when it is that quantity. The access's own parameters (a pitch, a stride) are the
 * author's input, not the engine's facts, and are never asked for ("A column at pitch 40" is a
 * title as written) ("2 rounds" is {rounds}; the 8 of "groups of 8 lanes" is
 * no count of the warp's lanes unless it has 8). Each pattern's first group is the number.
 */
const UNITS: readonly Unit[] = [
  [new RegExp(String.raw`\b${N} rounds?\b`, 'g'), () => ['rounds']],
  [new RegExp(String.raw`\b${N} (?:active )?lanes\b`, 'g'), () => ['lanes', 'warp']],
  [new RegExp(String.raw`\b${N} (?:different |distinct )?banks\b`, 'g'), () => ['banks', 'usedBanks']],
  [new RegExp(String.raw`\bbanks? ${N}\b`, 'g'), (f) => ['busiest', ...keysOf(f, /^bank\d+$/)]],
  [new RegExp(String.raw`\bwords? ${N}\b`, 'g'), (f) => keysOf(f, /^word\d+$/)],
  [new RegExp(String.raw`\b${N} (?:different |distinct )?words\b`, 'g'), () => ['busiestWords', 'padWords']],
  [new RegExp(String.raw`\b${N} requests\b`, 'g'), () => ['busiestRequests']],
  [new RegExp(String.raw`\b${N} rows\b`, 'g'), () => ['tileRows']],
  [new RegExp(String.raw`\b${N} bytes\b`, 'g'), () => ['tileBytes', 'usefulBytes', 'paddingBytes']],
  [/\b(\d+(?:\.\d+)?)%/g, () => ['overheadPercent']],
];

const keysOf = (facts: Facts, pattern: RegExp) => Object.keys(facts).filter((k) => pattern.test(k));

/**
 * The numbers in `text` (outside its `{facts}`) that are a fact of this access: the quantity the
 * words around them name, with that fact's value. A number that only happens to equal some fact is
 * left alone.
 */
export function findTypedFacts(text: string, facts: Facts): TypedFact[] {
  const units = UNITS;
  // Facts are blanked out, not removed, so indices stay those of the text as written.
  const bare = text.replace(findFactPlaceholders(), (m) => ' '.repeat(m.length));
  const found = new Map<number, TypedFact>();
  for (const [pattern, candidates] of units) {
    for (const match of bare.matchAll(pattern)) {
      const number = match[1];
      const index = match.index! + match[0].indexOf(number);
      const named = candidates(facts).filter((name) => facts[name] === number);
      if (named.length === 0 || found.has(index)) continue;
      found.set(index, { index, number, facts: named });
    }
  }
  return [...found.values()].sort((a, b) => a.index - b.index);
}
