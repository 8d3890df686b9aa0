import { MAX_WORD_INDEX, createAccess } from '../access';
import { defineField, parseWhole } from '../accessField';
import { isLaneActive } from '../activeLanes';
import { WARP_SIZE } from '../bankModel';
import { fail, ok, type Result } from '../result';
import { defineAccessKind } from './defineAccessKind';

/** A word list: entry `i` is lane `i`'s word, `-` (or nothing) an inactive lane. */
function parseWords(text: string): Result<(number | null)[]> {
  const entries = text.split(',');
  // A trailing comma (or several) after the last lane is no lane of its own.
  while (entries.length > WARP_SIZE && entries.at(-1)!.trim() === '') entries.pop();
  if (entries.length > WARP_SIZE)
    return fail('words', `a warp has ${WARP_SIZE} lanes, but ${entries.length} entries were given`);
  const words: (number | null)[] = [];
  for (const [lane, raw] of entries.entries()) {
    const entry = raw.trim();
    if (entry === '-' || entry === '') {
      words.push(null);
      continue;
    }
    const word = parseWhole(`words[${lane}]`, entry, 0, MAX_WORD_INDEX);
    if (!word.ok) return word;
    words.push(word.value);
  }
  return ok(words);
}

/** Each lane's word written out, lane by lane (an inactive lane, or one past the active lanes, reads nothing). */
export const listKind = defineAccessKind({
  id: 'list',
  label: 'Word list',
  fields: [
    defineField<readonly (number | null)[], readonly (number | null)[], 'words'>({
      key: 'words',
      label: 'Elements, lane by lane (comma-separated, - for inactive)',
      description: 'Each lane’s element index (its word, for a 4-byte type; null: inactive), for the list pattern.',
      shape: { kind: 'list', min: 0, max: MAX_WORD_INDEX, length: WARP_SIZE },
      default: [],
      parse: parseWords,
      read: (value) => {
        if (!Array.isArray(value) || value.length > WARP_SIZE)
          return fail('words', `must list at most ${WARP_SIZE} entries`);
        return parseWords(value.map((w) => (w === null ? '-' : String(w))).join(','));
      },
      write: (words) => {
        const entries = words.map((w) => (w === null ? '-' : String(w)));
        while (entries.at(-1) === '-') entries.pop();
        return entries.join(',');
      },
    }),
  ],
  linkFields: ['words'],
  namedBy: 'words',
  readsTile: false,
  build: (spec, { mask }) => createAccess(spec.words.map((w, lane) => (isLaneActive(mask, lane) ? w : null))),
  describe: () => 'Word list',
});
