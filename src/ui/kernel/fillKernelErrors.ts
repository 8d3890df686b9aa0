import type { KernelError } from '../../engine';
import { rewordLaunchFlags } from '../../program/rewordLaunchFlags';
import { createElement } from '../createElement';

/**
 * The analyzer's errors as the page says them (the fields it means named, never the command line's
 * flags), listed in `list` as buttons that reveal each in the editor; returns the worded errors and
 * the fields each needs filled.
 */
export function fillKernelErrors(
  list: HTMLElement,
  analysed: readonly KernelError[],
  reveal: (line: number, column: number) => void,
): { readonly errors: KernelError[]; readonly needs: Map<string, string> } {
  const worded = analysed.map((e) => ({ error: e, ...rewordLaunchFlags(e.message, 'page') }));
  const needs = new Map(
    worded.flatMap((w) => (w.field ? [[w.field, `Needs a value: line ${w.error.line} needs it.`] as const] : [])),
  );
  const errors: KernelError[] = worded.map((w) => ({ ...w.error, message: w.message }));
  list.replaceChildren(
    ...errors.map((e) => {
      const button = createElement(
        'button',
        { type: 'button', class: 'text-button' },
        `${e.file ? `${e.file}, line` : 'Line'} ${e.line}, column ${e.column}: ${e.message}`,
      );
      button.addEventListener('click', () => reveal(e.line, e.column));
      return createElement('li', { 'data-line': String(e.line), 'data-column': String(e.column) }, button);
    }),
  );
  return { errors, needs };
}
