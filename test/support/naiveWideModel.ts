/**
 * A deliberately naive model of the wider access, written apart from the engine from the facts in
 * DESIGN.md ("Beyond the lesson"): threads numbered through the block, CuTe's swizzle in its own
 * documented form, each lane's bytes split into words, and each phase served round by round (each
 * bank serves the word of its lowest pending lane, to every pending lane of the phase asking for it).
 * An 8- or 16-byte load whose active lanes each read the address of lane n XOR 1 (active too), or
 * each that of lane n XOR 2, is served a pair at a time: phases of twice the lanes (NVIDIA's forum,
 * for compute capability 7.x; measured on an H200).
 */
export interface NaiveInput {
  /** Per lane, the element index the pattern names (`null`: the pattern leaves the lane out). */
  readonly indices: readonly (number | null)[];
  readonly elementBytes: number;
  readonly op: 'load' | 'store' | 'ldmatrix' | 'stmatrix' | 'cp.async';
  readonly matrices: 1 | 2 | 4;
  readonly block: readonly [number, number, number];
  readonly warp: number;
  readonly swizzle: readonly [number, number, number] | null;
}

export interface NaiveResult {
  readonly rounds: number;
  readonly phasesCarrying: number;
  readonly roundOfLane: readonly (number | null)[];
  readonly phaseOfLane: readonly (number | null)[];
  readonly wordsOfLane: readonly (readonly number[])[];
  readonly racing: readonly number[];
}

export function simulateWide(input: NaiveInput, banks = 32): NaiveResult {
  const threads = input.block[0] * input.block[1] * input.block[2];
  // ldmatrix and stmatrix: lanes 0 … 8x − 1 give 16-byte row addresses, a matrix's 8 rows a phase.
  const matrix = input.op === 'ldmatrix' || input.op === 'stmatrix';
  const bytes = matrix ? 16 : input.elementBytes;
  const ranges: ({ from: number; to: number } | null)[] = [];
  for (let lane = 0; lane < 32; lane++) {
    const index = input.indices[lane] ?? null;
    const inBlock = 32 * input.warp + lane < threads;
    const gives = !matrix || lane < 8 * input.matrices;
    if (index === null || !inBlock || !gives) {
      ranges.push(null);
      continue;
    }
    let offset = index;
    if (input.swizzle) {
      const [b, m, s] = input.swizzle;
      // CuTe's swizzle.hpp: yyy_msk = bit_msk << (M + max(0, S)); apply = o ^ shiftr(o & yyy_msk, S).
      const yyy = ((1 << b) - 1) << (m + Math.max(0, s));
      offset = offset ^ (s >= 0 ? (offset & yyy) >> s : (offset & yyy) << -s);
    }
    const from = offset * input.elementBytes;
    ranges.push({ from, to: from + bytes });
  }
  const pairedAt = (d: number) =>
    ranges.some((r) => r) && ranges.every((r, lane) => !r || ranges[lane ^ d]?.from === r.from);
  const paired = input.op === 'load' && (bytes === 8 || bytes === 16) && (pairedAt(1) || pairedAt(2));
  const unpaired = matrix ? 8 : bytes <= 4 ? 32 : bytes === 8 ? 16 : 8;
  const perPhase = Math.min(32, paired ? 2 * unpaired : unpaired);
  const phaseCount = matrix ? input.matrices : 32 / perPhase;
  const wordsOfLane = ranges.map((r) => {
    const words: number[] = [];
    if (r) for (let byte = r.from; byte < r.to; byte++) if (!words.includes(byte >> 2)) words.push(byte >> 2);
    return words;
  });
  const roundOfLane: (number | null)[] = new Array(32).fill(null);
  const phaseOfLane: (number | null)[] = new Array(32).fill(null);
  let rounds = 0;
  let phasesCarrying = 0;
  for (let phase = 0; phase < phaseCount; phase++) {
    const lanes = [...Array(perPhase).keys()].map((i) => phase * perPhase + i).filter((lane) => ranges[lane]);
    if (lanes.length > 0) phasesCarrying++;
    const pending = lanes.flatMap((lane) => wordsOfLane[lane].map((word) => ({ lane, word })));
    for (const lane of lanes) phaseOfLane[lane] = phase + 1;
    while (pending.length > 0) {
      rounds++;
      for (let bank = 0; bank < banks; bank++) {
        const first = pending.find((p) => p.word % banks === bank);
        if (!first) continue;
        for (let i = pending.length - 1; i >= 0; i--)
          if (pending[i].word === first.word) {
            roundOfLane[pending[i].lane] = rounds;
            pending.splice(i, 1);
          }
      }
    }
  }
  const racing: number[] = [];
  // Every write races where two lanes' bytes overlap: stores, stmatrix rows, cp.async's copies.
  if (input.op !== 'load' && input.op !== 'ldmatrix')
    for (let a = 0; a < 32; a++)
      for (let b = 0; b < 32; b++) {
        const ra = ranges[a];
        const rb = ranges[b];
        if (a !== b && ra && rb && ra.from < rb.to && rb.from < ra.to && !racing.includes(a)) racing.push(a);
      }
  return { rounds, phasesCarrying, roundOfLane, phaseOfLane, wordsOfLane, racing };
}
