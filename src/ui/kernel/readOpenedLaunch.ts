import { writeBlock } from '../../engine';
import { readLaunchComments } from '../../engine/kernel';
import type { LaunchText } from './KernelLaunchForm';

/**
 * The launch an opened file writes in its first `// bank-check:` comment, for the launch form, and
 * the sentence that says so (or why the comment could not be read); no comment leaves the launch as
 * it is.
 */
export function readOpenedLaunch(
  name: string,
  source: string,
): { readonly launch: LaunchText | null; readonly message: string; readonly error: boolean } {
  const { launches, errors } = readLaunchComments(source);
  if (errors.length > 0) {
    const [e] = errors;
    return { launch: null, message: `${name}, line ${e.line}, column ${e.column}: ${e.message}`, error: true };
  }
  if (launches.length === 0) return { launch: null, message: '', error: false };
  const [first] = launches;
  const others = launches.length > 1 ? ` (the first of its ${launches.length})` : '';
  return {
    launch: {
      kernel: first.kernel ?? null,
      block: writeBlock(first.block),
      args: Object.fromEntries(Object.entries(first.args).map(([k, v]) => [k, String(v)])),
    },
    message: `${name}: run with block ${writeBlock(first.block)}${first.kernel ? ` of ${first.kernel}` : ''}, from its bank-check comment on line ${first.line}${others}.`,
    error: false,
  };
}
