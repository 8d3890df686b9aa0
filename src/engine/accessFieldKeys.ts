/**
 * The names of an access's fields, in the order links and lesson schemas list them: the keys of
 * {@link ACCESS_FIELDS} (the type system holds them to it), kept apart so the embed element can name
 * its attributes without loading the engine.
 */
export const ACCESS_FIELD_KEYS = [
  'cols',
  'pitch',
  'row',
  'col',
  'stride',
  'offset',
  'lanes',
  'mask',
  'layout',
  'words',
  'expr',
  'type',
  'block',
  'warp',
  'op',
  'x',
  'shared',
  'swizzle',
] as const;

export type AccessFieldKey = (typeof ACCESS_FIELD_KEYS)[number];
