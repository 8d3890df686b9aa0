import { OPERATIONS, type Operation } from '../../src/engine';
import { readCsvLine } from './readNcuCsv';

/** One shared-memory instruction of the source page, at the CUDA line it came from. */
export interface MeasuredInstruction {
  readonly line: number;
  /** The SASS as printed (`LDS.128 R4, [R2]`), and its opcode with width (`LDS.128`). */
  readonly sass: string;
  readonly form: string;
  readonly op: Operation;
  readonly executed: number;
  readonly wavefronts: number;
  readonly ideal: number;
  /**
   * "L1 Wavefronts Shared Excessive" as the page gives it (absent from a page without the column):
   * not always wavefronts − ideal, since Nsight Compute counts it from its own counters.
   */
  readonly excessive?: number;
}

const BY_OPCODE = new Map<string, (typeof OPERATIONS)[number]>(OPERATIONS.map((o) => [o.sass.opcode, o]));

const number = (cell: string | undefined) => Number((cell ?? '').replace(/,/g, '').trim()) || 0;

/**
 * Nsight Compute's source page as CSV, CUDA source beside SASS (`ncu --import <report> --page source
 * --csv --print-source cuda,sass`): for each file a `"File Path"` row, a header row from `"Line No"`,
 * then each CUDA line's row (its number first) followed by the rows of its SASS instructions (an
 * `Address` of `0x…`). Only the instructions of `file` that touch shared memory (`LDS`, `STS`,
 * `LDSM`) are kept, with their instructions executed, L1 wavefronts shared and their ideal (the
 * columns' display names, "Instructions Executed", "L1 Wavefronts Shared" and "… Ideal", or the
 * metric names `inst_executed`, `memory_l1_wavefronts_shared` and `…_ideal` of older versions).
 *
 * @remarks
 * A CUDA line's own row quotes its source without escaping quotes inside it, so none of its cells
 * but the first is read; instruction rows are read by the header's columns.
 */
export function readNcuSourceCsv(text: string, file: string): MeasuredInstruction[] {
  const found: MeasuredInstruction[] = [];
  let columns = new Map<string, number>();
  let sassColumn = -1;
  let inFile = false;
  let line = 0;
  // Nsight Compute 2025 heads its columns with display names; older reports with metric names.
  const column = (...names: string[]) => names.map((n) => columns.get(n)).find((i) => i !== undefined) ?? -1;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.startsWith('"')) continue;
    const row = readCsvLine(raw);
    if (row[0] === 'File Path') {
      inFile = row[1] === file || row[1]?.endsWith(`/${file.split('/').pop()}`);
      columns = new Map();
      continue;
    }
    if (row[0] === 'Line No') {
      columns = new Map();
      row.forEach((name, i) => columns.has(name) || columns.set(name, i));
      const sources = row.flatMap((name, i) => (name === 'Source' ? [i] : []));
      sassColumn = sources[1] ?? sources[0] ?? -1;
      continue;
    }
    if (!inFile || columns.size === 0) continue;
    if (/^\d+$/.test(row[0].trim())) {
      line = Number(row[0]);
      continue;
    }
    const address = row[columns.get('Address') ?? -1]?.trim() ?? '';
    if (!address.startsWith('0x')) continue;
    const sass = (row[sassColumn] ?? '').trim();
    const excessive = column('L1 Wavefronts Shared Excessive', 'memory_l1_wavefronts_shared_excessive');
    const opcode = /^(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)((?:\.[A-Z0-9]+)*)/.exec(sass);
    const operation = opcode ? BY_OPCODE.get(opcode[1]) : undefined;
    if (!operation) continue;
    const width = /\.(U8|S8|U16|S16|32|64|128)\b/.exec(opcode![2])?.[1] ?? operation.sass.plainWidth;
    found.push({
      line,
      sass,
      form: `${opcode![1]}${width ? `.${width}` : opcode![2]}`,
      op: operation.id,
      executed: number(row[column('Instructions Executed', 'inst_executed')]),
      wavefronts: number(row[column('L1 Wavefronts Shared', 'memory_l1_wavefronts_shared')]),
      ideal: number(row[column('L1 Wavefronts Shared Ideal', 'memory_l1_wavefronts_shared_ideal')]),
      excessive: excessive < 0 ? undefined : number(row[excessive]),
    });
  }
  return found;
}
