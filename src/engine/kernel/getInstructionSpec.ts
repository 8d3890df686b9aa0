import { createAccess } from '../access';
import { createSpec, type AccessSpec } from '../accessSpec';
import { ELEMENT_BYTES } from '../elementTypes';
import type { Result } from '../result';
import { getSchedule, type Schedule } from '../schedule';
import { createWarpRequest, type WarpRequest } from '../warpRequest';
import type { KernelInstruction, KernelReport } from './kernelReport';

/** Each lane's element index (its byte address over the element's size), `null` where it takes no part. */
const getElements = (instruction: KernelInstruction) =>
  Array.from(instruction.addresses, (a) => (a < 0 ? null : a / ELEMENT_BYTES[instruction.type]));

/**
 * The engine's request for one instruction of a kernel report: what the stage shows when the
 * instruction is opened, built through the same public API as an Explore access.
 */
export function getInstructionRequest(report: KernelReport, instruction: KernelInstruction): Result<WarpRequest> {
  const access = createAccess(getElements(instruction));
  if (!access.ok) return access;
  return createWarpRequest(access.value, {
    op: instruction.op,
    type: instruction.type,
    matrices: instruction.matrices,
    block: report.block,
    warp: instruction.warp,
    swizzle: null,
  });
}

/** The full schedule of one instruction (made only for the one a person opens). */
export function getInstructionSchedule(report: KernelReport, instruction: KernelInstruction): Result<Schedule> {
  const request = getInstructionRequest(report, instruction);
  return request.ok ? { ok: true, value: getSchedule(request.value) } : request;
}

/**
 * The instruction as an Explore access: its lanes' elements as a word list, with its type,
 * operation, block and warp; `createSpecRequest` of it is exactly {@link getInstructionRequest}'s
 * request, so "Open in Explore" is this spec as a link.
 */
export function getInstructionSpec(report: KernelReport, instruction: KernelInstruction): AccessSpec {
  return createSpec({
    pattern: 'list',
    words: getElements(instruction),
    type: instruction.type,
    op: instruction.op,
    x: instruction.matrices,
    block: report.block,
    warp: instruction.warp,
  });
}
