import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { EngineError } from '../engine';
import type { KernelSource } from './readKernelLink';

/** A source as a link's `kz=`: its UTF-8 deflated (raw, no header), in base64url without padding. */
export function packKernelSource(source: string): string {
  const bytes = deflateSync(strToU8(source), { level: 9 });
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A link's `kz=` read back, or `null` when it is not a deflated text. */
export function unpackKernelSource(packed: string): string | null {
  try {
    const binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return strFromU8(inflateSync(bytes));
  } catch {
    return null;
  }
}

/**
 * The source a link gives, as text: `kernel=` as written, `kz=` inflated; `null` where it gives
 * none, or where `kz=` is not a deflated text (then named in `errors`).
 */
export function readLinkSource(source: KernelSource | null, errors: EngineError[]): string | null {
  if (source === null) return null;
  if ('plain' in source) return source.plain;
  const text = unpackKernelSource(source.packed);
  if (text === null) errors.push({ field: 'kz', reason: 'is not a deflated source (the link may be cut short)' });
  return text;
}
