import { checkInteger, ok, type Result } from './result';

/** Lanes in one warp: the most requests one instruction can make. */
export const WARP_SIZE = 32;

/**
 * The shape of shared memory the engine reasons about.
 *
 * @remarks
 * The lesson fixes 32 banks of 4-byte words; both stay parameters so that the engine's arithmetic
 * is never a hidden literal and so tests can check it generalises.
 */
export interface BankModel {
  readonly banks: number;
  readonly wordBytes: number;
}

export const DEFAULT_BANK_MODEL: BankModel = Object.freeze({ banks: 32, wordBytes: 4 });

/** Validates a bank model: 1–64 banks of 1–16 bytes. */
export function createBankModel(banks: number, wordBytes: number): Result<BankModel> {
  const b = checkInteger('banks', banks, 1, 64);
  if (!b.ok) return b;
  const w = checkInteger('wordBytes', wordBytes, 1, 16);
  if (!w.ok) return w;
  return ok(Object.freeze({ banks, wordBytes }));
}

/** The bank that holds word `word`: successive words fill successive banks, wrapping at bank 0. */
export function getBank(word: number, model: BankModel = DEFAULT_BANK_MODEL): number {
  return word % model.banks;
}
