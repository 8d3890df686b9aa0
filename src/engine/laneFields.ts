import { defineField, integerField } from './accessField';
import { parseLaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import { fail, ok } from './result';

/**
 * The active lanes, which every kind of access has: the first N, or a mask of them one by one
 * (a mask, when given, says it and the count is left at its default).
 */
export const LANE_FIELDS = [
  integerField({
    key: 'lanes',
    label: `Active lanes: the first N (1–${WARP_SIZE})`,
    description: 'The first N lanes are active.',
    min: 1,
    max: WARP_SIZE,
    default: WARP_SIZE,
  }),
  defineField<number | null, number | string, 'mask'>({
    key: 'mask',
    label: 'Active lanes, one by one',
    description: 'Active lanes as a bit mask (a number, or hex like 0xffff).',
    shape: { kind: 'mask' },
    default: null,
    parse: parseLaneMask,
    read: (value) =>
      typeof value === 'string'
        ? parseLaneMask(value)
        : typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 0xffffffff
          ? ok(value >>> 0)
          : fail('mask', 'must be a lane mask: a number, or hexadecimal like 0xffff'),
    write: (mask) => ((mask ?? 0) >>> 0).toString(16),
  }),
] as const;
