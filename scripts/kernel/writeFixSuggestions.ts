import { type LayoutFixes } from '../../src/engine';
import { getFixReplacements, writeUnifiedDiff } from '../../src/engine/kernel';

/**
 * `--suggest`'s text after the report: each fix proved on the whole kernel (the least excess
 * first), the candidates refused and why, what no layout helps and why, and the first fix as a
 * unified diff that `git apply` or `patch -p1` reads.
 */
export function writeFixes(found: LayoutFixes, file: string, source: string): string {
  const out: string[] = [''];
  const searched = `${found.analyses} whole-kernel analyses${found.untried > 0 ? `; ${found.untried} candidates left untried past the budget` : ''}`;
  if (found.excess === 0) out.push('no line conflicts: nothing to fix');
  else if (found.fixes.length === 0 && found.analyses + found.untried === 0)
    out.push('no layout fix: no array has a layout the check can change that would help');
  else if (found.fixes.length === 0) out.push(`no layout fix lowers the excess (${searched})`);
  else {
    out.push(`layout fixes, each proved by analysing the whole kernel again (${searched}):`);
    found.fixes.forEach((fix, i) => out.push(`  ${i + 1}. ${fix.summary}`));
  }
  for (const rejected of found.rejected) out.push(`  not kept: ${rejected.title}: ${rejected.why}`);
  for (const none of found.none) out.push(`no fix: ${none.reason}`);
  const first = found.fixes[0];
  if (first) {
    out.push('', `fix 1 as a diff (git apply reads it; --json gives every fix's):`);
    out.push(writeUnifiedDiff(file, source, first.source).trimEnd());
  }
  return out.join('\n');
}

/**
 * The fixes for `--json`: each with its diff, its edits as SARIF's replacements, and the edited
 * source's total, without its whole report.
 */
export function getFixesJson(found: LayoutFixes, file: string, source: string) {
  return {
    excess: found.excess,
    fixes: found.fixes.map((fix) => ({
      summary: fix.summary,
      array: fix.array,
      kind: fix.kind,
      pad: fix.pad,
      bytesAdded: fix.bytesAdded,
      before: fix.before,
      after: fix.after,
      total: fix.report.total,
      diff: writeUnifiedDiff(file, source, fix.source),
      replacements: getFixReplacements(source, fix.edits),
    })),
    rejected: found.rejected,
    none: found.none,
    analyses: found.analyses,
    untried: found.untried,
  };
}
