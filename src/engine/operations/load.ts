import { ELEMENT_LANES, getElementPhasing, makeElementForms, readElementPtx } from './elementLanes';
import type { OperationDefinition } from './operationDefinition';

const formOf = makeElementForms('load', 'LDS');

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
  ptxName: 'ld.shared',
  arch: 0,
  readPtx: readElementPtx('ld', formOf),
  formOfType: formOf,
} as const satisfies OperationDefinition;
