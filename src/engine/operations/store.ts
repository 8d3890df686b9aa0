import { ELEMENT_LANES, getElementPhasing, makeElementForms, readElementPtx } from './elementLanes';
import type { OperationDefinition, OperationPtx } from './operationDefinition';

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
  arch: 0,
} as const satisfies OperationDefinition;

const formOf = /* @__PURE__ */ makeElementForms('store', 'STS');

/** How kernels write a store: a C write to shared memory, or `st.shared[.v2|.v4].<type>`. */
export const STORE_PTX = {
  id: 'store',
  ptxName: 'st.shared',
  readPtx: /* @__PURE__ */ readElementPtx('st', formOf),
  intrinsics: [],
  formOfType: formOf,
} as const satisfies OperationPtx<'store'>;
