import type { PpToken } from './lexPreprocessorTokens';
import type { MacroDefinition, MacroTable } from './macroTable';

/**
 * A `#define` line's tokens (after `define`) read into a macro, or `null` with the error noted:
 * `NAME body`, or `NAME(params) body` where `(` touches the name.
 */
export function readDefine(table: MacroTable, directive: PpToken, line: readonly PpToken[]): MacroDefinition | null {
  const name = line[0];
  if (!name || name.kind !== 'name') {
    table.error(name?.at ?? directive.at, '#define needs a macro name: write #define NAME value');
    return null;
  }
  if (name.text === 'defined') {
    table.error(name.at, '"defined" cannot be a macro\'s name: choose another name');
    return null;
  }
  const open = line[1];
  if (!open || open.text !== '(' || open.space) {
    const body = line.slice(1);
    if (!checkBody(table, name.text, body, null)) return null;
    return { name: name.text, params: null, variadic: false, body, at: name.at };
  }
  const params: string[] = [];
  let variadic = false;
  let i = 2;
  for (;;) {
    const t = line[i++];
    if (!t) {
      table.error(open.at, `the parameter list of ${name.text}( is not closed: add the missing )`);
      return null;
    }
    if (t.text === ')' && params.length === 0) break;
    if (t.text === '...') {
      variadic = true;
      params.push('__VA_ARGS__');
    } else if (t.kind === 'name' && !params.includes(t.text)) {
      params.push(t.text);
      if (line[i]?.text === '...') {
        variadic = true;
        i++;
      }
    } else {
      table.error(t.at, `${name.text}'s parameters should be names separated by commas; ${t.text} is not one`);
      return null;
    }
    const next = line[i++];
    if (next?.text === ')') break;
    if (next?.text !== ',' || variadic) {
      table.error(next?.at ?? t.at, `${name.text}'s parameter list should go on with , or end with )`);
      return null;
    }
  }
  const body = line.slice(i);
  if (!checkBody(table, name.text, body, params)) return null;
  return { name: name.text, params, variadic, body, at: name.at };
}

/** `##` at either end, and (in a function-like macro) `#` before anything but a parameter, are errors. */
function checkBody(table: MacroTable, name: string, body: readonly PpToken[], params: readonly string[] | null) {
  const first = body[0];
  const last = body[body.length - 1];
  if (first?.text === '##' || last?.text === '##') {
    const at = first?.text === '##' ? first : last;
    table.error(at.at, `${name}'s value cannot start or end with ##: ## pastes the tokens on either side of it`);
    return false;
  }
  if (params)
    for (let k = 0; k < body.length; k++)
      if (body[k].text === '#' && !(body[k + 1]?.kind === 'name' && params.includes(body[k + 1].text))) {
        table.error(body[k].at, `${name}'s # must be followed by a parameter's name: # makes a string of an argument`);
        return false;
      }
  return true;
}
