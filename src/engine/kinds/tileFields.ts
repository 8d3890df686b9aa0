import { defineField, integerField, quote, type SpecParts } from '../accessField';
import { ADDRESS_TRANSFORMS, LAYOUTS } from '../addressTransforms';
import { fail, ok, type Result } from '../result';
import { DEFAULT_COLUMNS, getDefaultColumns, MAX_PITCH } from '../tileLayout';

/** The layout a person may write: the tile layouts, and `padded`, one word of padding a row. */
export type WrittenLayout = (typeof LAYOUTS)[number] | 'padded';

/** The layouts as a message names them: plain, its padded shorthand, then the others. */
const NAMED = [LAYOUTS[0], 'padded', ...LAYOUTS.slice(1)];
const NAMES = `${NAMED.slice(0, -1).join(', ')} or ${NAMED.at(-1)}`;

function parseLayout(text: string): Result<WrittenLayout> {
  return (LAYOUTS as readonly string[]).includes(text) || text === 'padded'
    ? ok(text as WrittenLayout)
    : fail('layout', `must be ${NAMES}, not ${quote(text)}`);
}

/**
 * `layout: padded`, the lesson's shorthand for one padding word a row: the columns (32 unless
 * given) and a pitch of columns + 1. A pitch that says otherwise is an error naming it, never a
 * silent third meaning; padded wins.
 */
function expandPadded(written: SpecParts) {
  if (written.layout !== 'padded') return { parts: written, error: null };
  const rest = Object.fromEntries(Object.entries(written).filter(([key]) => key !== 'layout'));
  const cols = (rest.cols as number | undefined) ?? DEFAULT_COLUMNS;
  const error =
    rest.pitch !== undefined && rest.pitch !== cols + 1
      ? {
          field: 'pitch',
          reason: `layout padded means a row pitch of cols + 1 = ${cols + 1} words, not ${String(rest.pitch)}`,
        }
      : null;
  return { parts: { ...rest, cols, pitch: cols + 1 }, error };
}

/**
 * A tile's fields, which the kinds that read a tile share: its useful columns, its row pitch and
 * its layout. Columns and pitch follow each other when one is left out: 32 columns, or the pitch
 * when smaller; a pitch of the columns.
 */
export const TILE_FIELDS = {
  cols: integerField({
    key: 'cols',
    label: `Useful columns (elements of data per row, 1–${MAX_PITCH})`,
    description: 'Useful elements per row of the tile (words, for 4-byte types).',
    min: 1,
    max: MAX_PITCH,
    default: DEFAULT_COLUMNS,
    follows: (spec) => getDefaultColumns(spec.pitch as number | undefined),
  }),
  pitch: integerField({
    key: 'pitch',
    label: 'Row pitch: allocated elements per row (at least the useful columns)',
    description: 'Allocated elements per row (at least cols): the row pitch.',
    min: 1,
    max: MAX_PITCH,
    default: DEFAULT_COLUMNS,
    follows: (spec) => spec.cols as number,
  }),
  layout: defineField<WrittenLayout, WrittenLayout, 'layout', 'padded'>({
    key: 'layout',
    label: 'Layout',
    description: 'padded: a pitch of cols + 1.',
    shape: { kind: 'choice', values: [...LAYOUTS, 'padded'] },
    // A form sets padding through the pitch, so it offers the layouts themselves.
    choices: LAYOUTS.map((id) => [id, ADDRESS_TRANSFORMS[id].label] as const),
    default: LAYOUTS[0],
    expand: expandPadded,
    parse: parseLayout,
    read: (value) => (typeof value === 'string' ? parseLayout(value) : fail('layout', `must be ${NAMES}`)),
    write: (layout) => layout,
  }),
} as const;
