import { expandMacro } from './expandMacro';
import { spellTokens, type PpToken } from './lexPreprocessorTokens';
import { makeToken, type MacroTable } from './macroTable';
import { TokenStream } from './tokenStream';

const HAS = /^__has_(include|include_next|attribute|cpp_attribute|builtin)$/;

/**
 * An `#if`/`#elif` line's tokens with macros expanded and each `defined NAME`, `defined(NAME)` and
 * `__has_include("…")` replaced by 1 or 0 (a `defined` a macro's expansion makes too, as GCC
 * reads it, its operand never expanded); `null` with the error noted where `defined` has no name.
 */
export function expandCondition(
  table: MacroTable,
  tokens: readonly PpToken[],
  hasInclude: (name: string, from: string) => boolean,
): PpToken[] | null {
  const stream = new TokenStream(tokens, false);
  const out: PpToken[] = [];
  for (let t = stream.next(); t !== null; t = stream.next()) {
    if (t.text === 'defined') {
      const call = stream.peek()?.text === '(';
      if (call) stream.next();
      const operand = stream.next();
      if (operand?.kind !== 'name' || (call && stream.next()?.text !== ')')) {
        table.error((t.use ?? t).at, 'defined needs a macro name: write defined(NAME)');
        return null;
      }
      out.push(makeToken('number', table.macros.has(operand.text) ? '1' : '0', t));
    } else if (HAS.test(t.text) && stream.peek()?.text === '(') {
      stream.next();
      const inner: PpToken[] = [];
      for (let k = stream.next(); k && k.text !== ')'; k = stream.next()) inner.push(k);
      const quoted = /^"(.*)"$/.exec(spellTokens(inner));
      // A system header (`<…>`) is taken to be there, as the toolkit's are; attributes and builtins are not known.
      const found = t.text.startsWith('__has_include') ? (quoted ? hasInclude(quoted[1], t.at.file) : true) : false;
      out.push(makeToken('number', found ? '1' : '0', t));
    } else if (t.kind !== 'name' || !expandMacro(table, stream, t)) out.push(t);
  }
  return out;
}
