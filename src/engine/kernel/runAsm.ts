import { getAsmForm } from './instructionForms';
import { refuse } from './kernelError';
import { clip, describeUnknown, type KernelInterpreter } from './kernelInterpreter';
import type { Expression } from './kernelSyntax';
import { getOperation, OPERATION_PTX } from '../operations';
import { type Value, makeLanes, type Lanes } from './laneValues';
import { hasLane, LANES, type Mask, toMask } from './laneMask';
import { evaluateLvalue, writeLvalue } from './evaluatePlace';

type Asm = Extract<Expression, { kind: 'asm' }>;

/** `[%2]`, `[%2+16]`: an instruction's address operand, and its offset in bytes. */
const ADDRESS = /\[\s*%(\d+)\s*(?:([+-])\s*(\d+)\s*)?\]/;
/** What the analyzer reads of inline PTX, as a sentence lists it: each operation's PTX name. */
const READ = OPERATION_PTX.map((o) => o.ptxName)
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');

/**
 * Inline PTX: each shared-memory instruction the operations table reads (`ld.shared`, `ldmatrix`,
 * `cp.async` …) is recorded at its address operand's addresses; outputs become data; an
 * instruction touching shared memory some other way is refused.
 *
 * @remarks
 * The template is PTX, not C++: it is read here by its own small grammar (instructions separated
 * by `;`, the opcode first, the address in brackets).
 */
export function runAsm(k: KernelInterpreter, e: Asm, mask: Mask): Value {
  const inputs = e.inputs.map((operand) => k.evaluate(operand.value, mask));
  const operands = [...e.outputs.map((o) => o.value), ...e.inputs.map((o) => o.value)];
  const values = [...e.outputs.map(() => null), ...inputs];
  const code = e.code.replace(/\/\/[^\n]*/g, '');
  let recorded = false;
  for (const raw of code.split(';')) {
    // A scope's braces open or close a statement; an operand list's braces come after the opcode.
    const instruction = raw.trim().replace(/^[{}\s]+/, '');
    if (instruction === '' || instruction.startsWith('.')) continue;
    const opcode = instruction.replace(/^@!?%?\w+\s+/, '').split(/\s+/)[0];
    const form = getAsmForm(opcode, instruction);
    if (form === null) continue;
    if ('refused' in form) refuse(e.at, form.refused);
    const address = ADDRESS.exec(instruction);
    if (!address) refuse(e.at, `${opcode}: the analyzer reads its address only as [%n] or [%n+offset]`);
    const n = Number(address[1]);
    const operand = operands[n];
    const value = values[n];
    if (!operand || !value) refuse(e.at, `${opcode}: operand %${n} is not one of the asm statement's inputs`);
    const offset = address[2] ? (address[2] === '-' ? -1 : 1) * Number(address[3]) : 0;
    let lanes: Lanes;
    let unknown: Mask;
    let why = null;
    if (value.kind === 'int') {
      lanes = value.lanes;
      unknown = value.unknown;
      why = value.why;
    } else if (value.kind === 'pointer' && value.place.space === 'shared') {
      lanes = value.place.addresses;
      unknown = value.place.unknown;
      why = value.place.why;
    } else refuse(operand.at, `${clip(operand.text)}: ${opcode}'s address must be a shared-memory address`);
    const operation = getOperation(form.op);
    let used: Mask = 0;
    for (let lane = 0; lane < LANES; lane++)
      if (hasLane(mask, lane) && operation.givesAddress(lane, form)) used |= 1 << lane;
    if (operation.warpWide && (k.live & ~mask) !== 0)
      refuse(
        e.at,
        `${opcode}: it must be run by every lane of the warp (.sync.aligned), and here some lanes are elsewhere`,
      );
    if (unknown & used) refuse(operand.at, describeUnknown(k, operand, why, 'the address'));
    const addresses = makeLanes();
    for (let lane = 0; lane < LANES; lane++) addresses[lane] = lanes[lane] + offset;
    recorded = true;
    k.recorder.record(
      {
        space: 'shared',
        array: null,
        type: { kind: 'data', name: form.type, bytes: null },
        dims: [],
        addresses,
        unknown: 0,
        why: null,
        name: opcode,
      },
      form,
      toMask(used),
      e.at,
    );
  }
  const shared = inputs.findIndex((v) => v.kind === 'pointer' && v.place.space === 'shared');
  if (!recorded && shared >= 0)
    // A shared pointer given to instructions the analyzer does not read (a generic ld, a cp.async
    // written otherwise): what they do there would be left out without a word.
    refuse(
      e.at,
      `asm: ${clip(e.inputs[shared].value.text)} points into shared memory, and none of the asm's instructions is one the analyzer reads (${READ}, with a [%n] address): its accesses cannot be counted`,
    );
  const data: Value = {
    kind: 'data',
    type: { kind: 'data', name: 'asm', bytes: null },
    why: {
      tag: 'asm',
      text: clip(e.text),
      what: 'the output of an asm statement',
      needs: 'running the kernel on a GPU',
    },
  };
  for (const output of e.outputs) writeLvalue(k, evaluateLvalue(k, output.value, mask), data, mask, output.value);
  return data;
}
