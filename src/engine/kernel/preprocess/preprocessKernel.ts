import { preprocessSource, type IncludedFile, type PreprocessResult } from './preprocessSource';

/** The files a kernel's `#include "…"`s may name: what the command read, or what the page has open. */
export interface KernelIncludes {
  /** The kernel's own file, as messages name it and as its includes are found beside it. */
  readonly file: string;
  /** Other files by path (`/`-separated, as `file` is written), with their text. */
  readonly files: Readonly<Record<string, string>>;
  /** `-I` directories, searched in order after the including file's own directory. */
  readonly dirs?: readonly string[];
  /** What a missing include's message tells a person to do. */
  readonly missingHint?: string;
}

/** `a/b/../c/./d` as `a/c/d`: the path an include names, as a key of {@link KernelIncludes.files}. */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '.' || (part === '' && parts.length > 0)) continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..' && parts[parts.length - 1] !== '')
      parts.pop();
    else parts.push(part);
  }
  return parts.join('/') || '.';
}

const directoryOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');

/**
 * Preprocesses a kernel's source for a launch: its `-D`/`-U` defines, and its includes found beside
 * the including file, then in each `-I` directory, among the files the caller gave.
 */
export function preprocessKernel(
  source: string,
  defines: Readonly<Record<string, string | null>> | undefined,
  includes: KernelIncludes | undefined,
): PreprocessResult {
  const files = includes?.files ?? {};
  const resolve = (name: string, from: string): IncludedFile | null => {
    const candidates = name.startsWith('/')
      ? [name]
      : [directoryOf(from), ...(includes?.dirs ?? [])].map((d) => normalizePath(`${d}/${name}`));
    for (const file of candidates) {
      const text = files[file];
      if (typeof text === 'string') return { file, text };
    }
    return null;
  };
  return preprocessSource(source, {
    file: includes?.file ?? 'the kernel',
    defines,
    resolve,
    missingHint: includes?.missingHint ?? 'give the checker that file too',
  });
}
