import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type KernelIncludes } from '../../src/engine';
import { normalizePath } from '../../src/engine/kernel';

const INCLUDE = /^\s*#\s*include\s*"([^"\n]+)"/gm;
const directoryOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');

/**
 * The files a kernel's `#include "…"`s name, read from disk as the analyzer looks for them: beside
 * the including file, then in each `-I` directory (paths from `cwd`). Every quoted include is followed, those under a
 * false `#if` too (one read too many costs nothing); one that is nowhere is left to the analyzer to name.
 */
export async function readIncludedFiles(
  file: string,
  source: string,
  dirs: readonly string[],
  cwd = '.',
): Promise<KernelIncludes> {
  const files: Record<string, string> = {};
  const seen = new Set<string>();
  const queue: { from: string; text: string }[] = [{ from: file, text: source }];
  while (queue.length > 0 && seen.size < 500) {
    const { from, text } = queue.shift()!;
    for (const [, name] of text.matchAll(INCLUDE)) {
      const candidates = name.startsWith('/')
        ? [name]
        : [directoryOf(from), ...dirs].map((d) => normalizePath(`${d}/${name}`));
      for (const path of candidates) {
        if (seen.has(path)) break;
        const read = await readFile(resolve(cwd, path), 'utf8').catch(() => null);
        if (read === null) continue;
        seen.add(path);
        files[path] = read;
        queue.push({ from: path, text: read });
        break;
      }
    }
  }
  return {
    file,
    files,
    dirs,
    missingHint: `looked beside the file${dirs.length ? ` and in ${dirs.join(', ')}` : ''}; give its directory with -I dir`,
  };
}
