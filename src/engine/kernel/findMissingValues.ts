import type { KernelError } from './kernelError';

/** A refusal that asks for an integer parameter's value, and the name it asks for. */
const ASKS = /: give it one \(--arg (\w+)=…\)$/;

/** The most values looked for after the first one asked, each one more run of the kernel. */
const MAX_MORE = 8;

/** Steps a run that looks for the next value may take: a search, not an analysis. */
export const SEARCH_STEPS = 200_000;

/**
 * After a refusal that asks for an integer parameter's value, the other values the run asks for:
 * the kernel run again with 1 for each value asked so far (only to get past it), until a run asks
 * for none it has not asked for. A refusal of another kind, or none, ends the search; so a value
 * is asked for at once where it does not depend on the others, and never guessed.
 */
export function findMissingValues(
  first: KernelError,
  args: Readonly<Record<string, number | string>>,
  rerun: (args: Readonly<Record<string, number | string>>) => KernelError | null,
): KernelError[] {
  const more: KernelError[] = [];
  const tried: Record<string, number | string> = { ...args };
  let name = ASKS.exec(first.message)?.[1];
  while (name !== undefined && !(name in tried) && more.length < MAX_MORE) {
    tried[name] = 1;
    const next = rerun(tried);
    name = next ? ASKS.exec(next.message)?.[1] : undefined;
    if (next && name !== undefined && !(name in tried)) more.push(next);
  }
  return more;
}
