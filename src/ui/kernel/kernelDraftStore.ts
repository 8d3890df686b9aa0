/** What a person typed in Kernel mode, kept in this browser so that nothing typed is lost. */
export interface KernelDraft {
  readonly source: string;
  readonly block: string;
  readonly args: Readonly<Record<string, string>>;
}

const KEY = 'bank-conflict-player:kernel-draft';

/** The draft kept last, or `null` (none, unreadable, or storage refused). */
export function loadKernelDraft(): KernelDraft | null {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof data !== 'object' || data === null) return null;
    const { source, block, args } = data as Record<string, unknown>;
    if (typeof source !== 'string' || typeof block !== 'string' || typeof args !== 'object' || args === null)
      return null;
    const entries = Object.entries(args).filter((e): e is [string, string] => typeof e[1] === 'string');
    return { source, block, args: Object.fromEntries(entries) };
  } catch {
    return null;
  }
}

/** Keeps `draft`; where storage is refused (private modes, a full quota) the page simply forgets. */
export function saveKernelDraft(draft: KernelDraft): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Nothing to do: the draft is still in the editor.
  }
}
