import { readdirSync } from 'node:fs';
import { posix, resolve } from 'node:path';

/** Whether a path has glob characters (`*`, `?`, `[…]`, `{a,b}`) and so names files by a pattern. */
export const isGlob = (pattern: string) => /[*?[{]/.test(pattern);

/**
 * A glob as a regular expression over `/`-separated paths: `**` any folders (none too), `*` and `?`
 * within one name, `[…]` a character class, `{a,b}` either. A name's leading dot is matched only
 * by a pattern that writes it, as shells do.
 */
export function globToRegExp(pattern: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const atNameStart = i === 0 || pattern[i - 1] === '/';
    if (c === '*' && pattern[i + 1] === '*' && atNameStart && (pattern[i + 2] === '/' || i + 2 === pattern.length)) {
      out += pattern[i + 2] === '/' ? '(?:(?!\\.)[^/]*/)*' : '(?:(?!\\.)[^/]*/?)*';
      i += 2;
    } else if (c === '*') out += atNameStart ? '(?!\\.)[^/]*' : '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        out += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Folders a glob never walks into unless the pattern names them: dependencies and VCS data. */
const SKIPPED = new Set(['node_modules', '.git']);

/**
 * The files under `cwd` that a glob matches, as `/`-separated paths relative to it (or absolute,
 * for an absolute pattern), sorted. The walk starts at the pattern's fixed folders, so
 * `src/kernels/*.cu` reads one folder.
 */
export function findSourceFiles(pattern: string, cwd: string): string[] {
  const normal = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
  const parts = normal.split('/');
  const firstGlob = parts.findIndex(isGlob);
  const base = parts.slice(0, firstGlob).join('/') || (normal.startsWith('/') ? '/' : '');
  const match = globToRegExp(normal);
  const found: string[] = [];
  const walk = (relative: string) => {
    let entries;
    try {
      entries = readdirSync(resolve(cwd, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = relative ? posix.join(relative, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) || normal.includes(`${entry.name}/`)) walk(path);
      } else if (match.test(path)) found.push(path);
    }
  };
  walk(base);
  return found.sort();
}
