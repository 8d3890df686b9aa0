import { lexPreprocessorTokens, spellTokens, type PpToken } from './lexPreprocessorTokens';
import { makeToken, MAX_EXPANDED_TOKENS, type MacroDefinition, type MacroTable } from './macroTable';
import { TokenStream } from './tokenStream';

const union = (a: ReadonlySet<string> | null, name: string): ReadonlySet<string> => new Set(a ?? []).add(name);

function intersect(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): Set<string> {
  const out = new Set<string>();
  if (a && b) for (const n of a) if (b.has(n)) out.add(n);
  return out;
}

/**
 * Expands the macro named by `t` (just read from `stream`) by C's rules and pushes its expansion
 * back onto the stream to be rescanned; `false` when `t` is no macro to expand here (not defined,
 * in its own expansion's hide set, or function-like and not followed by `(`).
 */
export function expandMacro(table: MacroTable, stream: TokenStream, t: PpToken): boolean {
  const m = table.macros.get(t.text);
  if (!m || t.hide?.has(m.name)) return false;
  table.expanded += m.body.length;
  if (table.expanded > MAX_EXPANDED_TOKENS) {
    if (table.expanded - m.body.length <= MAX_EXPANDED_TOKENS)
      table.error(
        (t.use ?? t).at,
        `${(t.use ?? t).text} expands to over ${MAX_EXPANDED_TOKENS.toLocaleString('en-US')} tokens: check how the macros it uses nest`,
      );
    return true;
  }
  const use = t.use ?? t;
  if (m.dynamic) {
    const text =
      m.dynamic === 'line'
        ? String(use.at.line)
        : m.dynamic === 'file'
          ? JSON.stringify(use.at.file)
          : String(table.counter++);
    stream.push([makeToken(m.dynamic === 'file' ? 'string' : 'number', text, t)]);
    return true;
  }
  const stamp = (b: PpToken): PpToken => ({ ...b, use, macro: { name: m.name, at: m.at }, bol: false });
  if (m.params === null) {
    const hide = union(t.hide, m.name);
    stream.push(
      m.body.map((b, k) => ({ ...stamp(b), hide: mergeHide(b.hide, hide), space: k === 0 ? t.space : b.space })),
    );
    return true;
  }
  if (stream.peek()?.text !== '(') return false;
  stream.next();
  const read = readArguments(table, stream, t, m);
  if (!read) return true;
  const hide = intersect(t.hide, read.close.hide).add(m.name);
  const body = substitute(table, m, read.args, stamp);
  stream.push(body.map((b, k) => ({ ...b, hide: mergeHide(b.hide, hide), space: k === 0 ? t.space : b.space })));
  return true;
}

function mergeHide(a: ReadonlySet<string> | null, b: ReadonlySet<string>): ReadonlySet<string> {
  if (!a || a.size === 0) return b;
  const out = new Set(a);
  for (const n of b) out.add(n);
  return out;
}

/** A function-like macro's arguments, split at top-level commas, up to the `)` that closes them. */
function readArguments(
  table: MacroTable,
  stream: TokenStream,
  name: PpToken,
  m: MacroDefinition,
): { args: PpToken[][]; close: PpToken } | null {
  const params = m.params!;
  const args: PpToken[][] = [[]];
  let depth = 0;
  for (;;) {
    const t = stream.next();
    if (t === null) {
      table.error((name.use ?? name).at, `the arguments of ${m.name}( are not closed: add the missing )`);
      return null;
    }
    if (t.text === '(') depth++;
    else if (t.text === ')' && depth-- === 0) {
      const given = args.length === 1 && args[0].length === 0 && params.length === 0 ? 0 : args.length;
      const wanted = params.length;
      const enough = m.variadic ? given >= wanted - 1 : given === wanted || (wanted === 1 && given === 0);
      if (!enough) {
        table.error(
          (name.use ?? name).at,
          `${m.name} takes ${m.variadic ? `at least ${wanted - 1}` : wanted} argument${wanted === 1 ? '' : 's'}, and ${given} ${given === 1 ? 'is' : 'are'} given here: see its #define at line ${m.at.line}`,
        );
        return null;
      }
      while (args.length < wanted) args.push([]);
      return { args, close: t };
    } else if (t.text === ',' && depth === 0 && !(m.variadic && args.length === params.length)) {
      args.push([]);
      continue;
    }
    args[args.length - 1].push(t);
  }
}

/** An argument's tokens fully macro-expanded on their own, as C substitutes a parameter. */
export function expandTokens(table: MacroTable, tokens: readonly PpToken[]): PpToken[] {
  const stream = new TokenStream(tokens, false);
  const out: PpToken[] = [];
  for (let t = stream.next(); t !== null; t = stream.next())
    if (t.kind !== 'name' || !expandMacro(table, stream, t)) out.push(t);
  return out;
}

/** `#x`: the argument's spelling as a string literal, its quotes and backslashes escaped. */
function stringize(arg: readonly PpToken[], like: PpToken): PpToken {
  const text = spellTokens(
    arg.map((t) => (t.kind === 'string' || t.kind === 'char' ? { ...t, text: t.text.replace(/[\\"]/g, '\\$&') } : t)),
  );
  return makeToken('string', `"${text}"`, like);
}

/** `a ## b`: one token spelled as both, or an error where the two do not make one token. */
function paste(table: MacroTable, left: PpToken, right: PpToken, m: MacroDefinition): PpToken {
  const text = left.text + right.text;
  const tokens = lexPreprocessorTokens(left.at.file, text);
  if (tokens.length !== 1 || tokens[0].text !== text) {
    table.error(
      m.at,
      `${m.name}'s ## pastes ${left.text} and ${right.text} into ${text}, which is not one C token: paste only parts of a name or number`,
    );
    return left;
  }
  return { ...left, kind: tokens[0].kind, text };
}

/** The body of `m` with its parameters replaced by the arguments, `#` and `##` applied. */
function substitute(
  table: MacroTable,
  m: MacroDefinition,
  args: readonly PpToken[][],
  stamp: (t: PpToken) => PpToken,
): PpToken[] {
  const params = m.params!;
  const argOf = (t: PpToken | undefined) => {
    if (!t || t.kind !== 'name') return null;
    const k = params.indexOf(t.text);
    return k < 0 ? null : args[k];
  };
  const body = m.body;
  const out: PpToken[] = [];
  for (let i = 0; i < body.length; i++) {
    const t = body[i];
    const arg = argOf(t);
    if (t.text === '#' && argOf(body[i + 1])) {
      out.push(stamp(stringize(argOf(body[i + 1])!, { ...t, space: t.space })));
      i++;
    } else if (
      t.text === ',' &&
      body[i + 1]?.text === '##' &&
      m.variadic &&
      body[i + 2]?.text === params[params.length - 1]
    ) {
      // GNU's `, ## __VA_ARGS__`: the comma goes when no variadic arguments are given.
      const va = args[params.length - 1];
      if (va.length > 0) out.push(stamp(t), ...va);
      i += 2;
    } else if (t.text === '##' && i > 0 && i < body.length - 1) {
      const right = body[i + 1];
      const rightArg = argOf(right);
      const rights = rightArg ?? [stamp(right)];
      if (rights.length > 0) {
        const left = out.pop();
        out.push(left ? paste(table, left, rights[0], m) : rights[0], ...rights.slice(1));
      }
      i++;
    } else if (arg && body[i + 1]?.text === '##') {
      out.push(...arg);
      // An empty argument before ## leaves nothing to paste onto: the right side comes as it is.
      if (arg.length === 0) {
        const right = body[i + 2];
        out.push(...(argOf(right) ?? (right ? [stamp(right)] : [])));
        i += 2;
      }
    } else if (arg) {
      const expanded = expandTokens(table, arg);
      out.push(...expanded.map((e, k) => (k === 0 ? { ...e, space: t.space } : e)));
    } else out.push(stamp(t));
  }
  return out;
}
