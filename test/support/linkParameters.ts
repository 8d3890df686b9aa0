import { ACCESS_FIELD_KEYS } from '../../src/engine/accessKinds';

/**
 * Every parameter a link can carry, for the tests that feed each one a bad value: the link's own,
 * and the access's kind and every field of every kind and of the kernel, from the engine's kinds.
 */
export const LINK_PARAMETERS = [
  'scene',
  't',
  'round',
  'speed',
  'mode',
  'pattern',
  ...ACCESS_FIELD_KEYS,
  'lane',
  'predict',
  'captions',
  'end',
  'origin',
] as const;
