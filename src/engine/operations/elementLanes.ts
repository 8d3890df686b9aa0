import { WARP_SIZE } from '../bankModel';
import { DEFAULT_ELEMENT_TYPE, ELEMENT_BYTES, getElementBytes, type ElementType } from '../elementTypes';
import { findLanePairs } from '../lanePairs';
import {
  getLanesPerPhase,
  type InstructionForm,
  type MatrixCount,
  type OperationShape,
  type Phasing,
  type PtxReading,
} from './operationDefinition';
import { namesShared, readPtxType } from './ptxTypes';

/** Elements at least this wide are loaded two lanes at a time when the lanes pair (8 and 16 bytes). */
const PAIRED_BYTES = 8;

/**
 * Phases of 128 bytes for an instruction of one element a lane; a load of 8 or 16 bytes whose lanes
 * all pair at n^1 or n^2 serves a pair as one, so its phases hold twice the lanes (measured on Volta
 * to Hopper for loads; stores are not, and stay as they are).
 */
export const getElementPhasing =
  (pairing: boolean) =>
  (_shape: OperationShape, bytes: number, addresses: ArrayLike<number>): Phasing => {
    const pairs = pairing && bytes >= PAIRED_BYTES ? findLanePairs(addresses) : null;
    const lanesPerPhase = Math.min(WARP_SIZE, getLanesPerPhase(bytes) * (pairs ? 2 : 1));
    return { lanesPerPhase, phases: WARP_SIZE / lanesPerPhase, pairs };
  };

/** An instruction of one element a lane (`LDS`, `STS` of 1 to 16 bytes): every lane, in phases of 128 bytes. */
export const ELEMENT_LANES = {
  fields: [],
  elementType: DEFAULT_ELEMENT_TYPE,
  typeNote: () => null,
  phaseNoun: 'phase',
  laneBytes: (shape: OperationShape) => getElementBytes(shape.type),
  givesAddress: () => true,
  warpWide: false,
  addressField: 'lanes',
  matrices: (): MatrixCount => 1,
  modelNote: null,
} as const;

/** SASS's width suffix for so many bytes a lane (`LDS.U8`, `STS.128`). */
const SASS_WIDTH: Readonly<Record<number, string>> = { 1: 'U8', 2: 'U16', 4: '32', 8: '64', 16: '128' };

/**
 * The forms of an element instruction by type (`LDS.32`, `STS.128`): one object for each type, made
 * once, since a kernel records tens of thousands of them.
 */
export function makeElementForms<Id extends string>(
  op: Id,
  opcode: string,
): (type: ElementType) => InstructionForm<Id> {
  const forms = new Map<ElementType, InstructionForm<Id>>();
  return (type) => {
    let form = forms.get(type);
    if (!form) {
      form = { op, type, matrices: 1, form: `${opcode}.${SASS_WIDTH[ELEMENT_BYTES[type]]}` };
      forms.set(type, form);
    }
    return form;
  };
}

/** PTX's `ld.shared[.v2|.v4].<type>` or `st.shared…` (`head` is `ld` or `st`): one element a lane. */
export const readElementPtx =
  <Id extends string>(head: string, formOf: (type: ElementType) => InstructionForm<Id>) =>
  (parts: readonly string[]): PtxReading<Id> => {
    if (parts[0] !== head || !namesShared(parts)) return null;
    const type = readPtxType(parts, parts.join('.'));
    return typeof type === 'string' ? formOf(type) : type;
  };
