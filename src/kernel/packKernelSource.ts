import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

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
