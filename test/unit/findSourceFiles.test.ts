import { describe, expect, it } from 'vitest';
import { findSourceFiles, globToRegExp } from '../../scripts/kernel/findSourceFiles';
import { makeProject } from '../support/bankCheckProject';

describe('bank-check’s globs', () => {
  it('** is any folders, none too; * stays within a name', () => {
    const glob = globToRegExp('src/**/*.cu');
    expect(['src/a.cu', 'src/x/y/b.cu', 'src/x/b.cuh', 'lib/src/a.cu'].filter((p) => glob.test(p))).toEqual([
      'src/a.cu',
      'src/x/y/b.cu',
    ]);
    expect(globToRegExp('src/*.cu').test('src/x/a.cu')).toBe(false);
  });

  it('{a,b}, [..] and ? each match as shells do; a leading dot only where written', () => {
    expect(globToRegExp('k/{gemm,conv}[0-9]?.cu').test('k/conv7x.cu')).toBe(true);
    expect(globToRegExp('k/{gemm,conv}[0-9]?.cu').test('k/pool7x.cu')).toBe(false);
    expect(globToRegExp('**/*.cu').test('.cache/a.cu')).toBe(false);
    expect(globToRegExp('.cache/*.cu').test('.cache/a.cu')).toBe(true);
  });

  it('finds files sorted, and never walks node_modules unless the pattern names it', () => {
    const root = makeProject({ 'b/k.cu': '', 'a.cu': '', 'node_modules/x/k.cu': '', 'a.txt': '' });
    expect(findSourceFiles('**/*.cu', root)).toEqual(['a.cu', 'b/k.cu']);
    expect(findSourceFiles('node_modules/**/*.cu', root)).toEqual(['node_modules/x/k.cu']);
  });
});
