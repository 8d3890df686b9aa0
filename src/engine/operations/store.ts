import { ELEMENT_LANES, getElementPhasing, makeElementForms, readElementPtx } from './elementLanes';
import type { OperationDefinition } from './operationDefinition';

const formOf = makeElementForms('store', 'STS');

/** A store (`STS`): one element a lane; lanes writing one word cause no conflict (NVIDIA's rule). */
export const STORE = {
  id: 'store',
  label: 'Store',
  summary: 'a store',
  requestNoun: 'store',
  sass: { opcode: 'STS', plainWidth: '32' },
  ...ELEMENT_LANES,
  phasing: getElementPhasing(false),
  writes: true,
  describe: () => 'store',
  probe: 'storeProbe',
  ptxName: 'st.shared',
  arch: 0,
  readPtx: readElementPtx('st', formOf),
  formOfType: formOf,
} as const satisfies OperationDefinition;
