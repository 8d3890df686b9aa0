import { integerField } from '../accessField';
import { MAX_WORD_INDEX } from '../access';

/** Where a strided read starts, and the one element a broadcast reads: the kinds that read from one place share it. */
export const OFFSET_FIELD = integerField({
  key: 'offset',
  label: `Offset: first element (0–${MAX_WORD_INDEX})`,
  description: 'The first element of a strided read; the element of a broadcast.',
  min: 0,
  max: MAX_WORD_INDEX,
  default: 0,
});
