import { ELEMENT_LANES, getElementPhasing, makeElementForms, readElementPtx } from './elementLanes';
import type { OperationDefinition, OperationPtx } from './operationDefinition';

/** The lesson's load (`LDS`): one element a lane; a wide load's paired lanes are served two at a time. */
export const LOAD = {
  id: 'load',
  label: 'Load',
  summary: 'a load',
  requestNoun: 'read',
  sass: { opcode: 'LDS', plainWidth: '32' },
  ...ELEMENT_LANES,
  phasing: getElementPhasing(true),
  writes: false,
  describe: () => null,
  probe: 'loadProbe',
  arch: 0,
} as const satisfies OperationDefinition;

const formOf = /* @__PURE__ */ makeElementForms('load', 'LDS');

/** How kernels write a load: a C read of shared memory, or `ld.shared[.v2|.v4].<type>`. */
export const LOAD_PTX = {
  id: 'load',
  ptxName: 'ld.shared',
  readPtx: /* @__PURE__ */ readElementPtx('ld', formOf),
  intrinsics: [],
  formOfType: formOf,
} as const satisfies OperationPtx<'load'>;
