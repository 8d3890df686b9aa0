import type { PlannedToken } from '../timeline/planTimeline';

/** The requests one lane (or one set of lanes) makes together: a 16-byte load's four words, say. */
export interface TokenGroup {
  /** Where this token is among them, in word order (0: the first word, drawn on top). */
  readonly index: number;
  readonly banks: readonly number[];
  /** Each one's place in its bank's queue. */
  readonly places: readonly number[];
}

/** The tokens asked for together, by token id: those of the same lanes launched at once, in word order. */
export function groupTokens(tokens: readonly PlannedToken[]): Map<string, TokenGroup> {
  const byRequest = new Map<string, PlannedToken[]>();
  for (const token of tokens) {
    const key = `${token.lanes.join()}@${token.launch}`;
    const members = byRequest.get(key);
    if (members) members.push(token);
    else byRequest.set(key, [token]);
  }
  const groups = new Map<string, TokenGroup>();
  for (const members of byRequest.values()) {
    const sorted = [...members].sort((a, b) => a.word - b.word);
    const banks = sorted.map((token) => token.bank);
    const places = sorted.map((token) => token.place);
    sorted.forEach((token, index) => groups.set(token.id, { index, banks, places }));
  }
  return groups;
}
