import type { syntaxTree } from '@codemirror/language';

/** A YAML syntax tree as CodeMirror's YAML language parses it (error-tolerant, with positions). */
export type YamlTree = ReturnType<typeof syntaxTree>;
type YamlNode = ReturnType<YamlTree['resolveInner']>;

/** Where in a lesson, by keys and indices: `['scenes', 2, 'beats', 1, 'cue']`. */
export type YamlPath = readonly (string | number)[];

/**
 * What the cursor is writing: a key of the mapping at `path`, the value at `path`, or the name of
 * a fact inside the text at `path` (after its `{`). `from` is where the word being written starts.
 */
export interface YamlContext {
  readonly kind: 'key' | 'value' | 'fact';
  readonly path: YamlPath;
  readonly from: number;
}

const unquote = (text: string) => text.replace(/^(['"])([\s\S]*)\1$/, '$2');

/** The key a `Pair` node names. */
const keyOf = (pair: YamlNode, text: string): string => {
  const key = pair.getChild('Key');
  return key ? unquote(text.slice(key.from, key.to).trim()) : '';
};

/** Which item of its sequence an `Item` node is. */
const indexOf = (item: YamlNode): number => {
  let index = 0;
  for (let sibling = item.prevSibling; sibling; sibling = sibling.prevSibling) if (sibling.name === 'Item') index++;
  return index;
};

/** The path from the document down to `node`: each pair's key and each item's index on the way. */
export function getNodePath(node: YamlNode | null, text: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = node; at; at = at.parent) {
    if (at.name === 'Pair') path.unshift(keyOf(at, text));
    else if (at.name === 'Item') path.unshift(indexOf(at));
  }
  return path;
}

/** The node of scene `index` of a lesson (an item of its top-level `scenes`), or `null`. */
export function findSceneNode(tree: YamlTree, text: string, index: number): YamlNode | null {
  const top = tree.topNode.getChild('Document');
  const mapping = top?.getChild('BlockMapping') ?? top?.getChild('FlowMapping');
  const scenes = mapping?.getChildren('Pair').find((pair) => keyOf(pair, text) === 'scenes');
  const list = scenes?.getChild('BlockSequence') ?? scenes?.getChild('FlowSequence');
  return list?.getChildren('Item')[index] ?? null;
}

const COLLECTIONS = ['BlockMapping', 'FlowMapping', 'BlockSequence', 'FlowSequence'];

/** The mapping or sequence a document, a pair or an item holds. */
const collectionOf = (node: YamlNode): YamlNode | null =>
  COLLECTIONS.map((name) => node.getChild(name)).find((child) => child !== null) ?? null;

/** The keys the mapping at `path` already has, as the syntax tree reads them (none where there is no such mapping). */
export function getMappingKeys(tree: YamlTree, text: string, path: YamlPath): string[] {
  let node: YamlNode | null | undefined = tree.topNode.getChild('Document');
  for (const key of path) {
    const inside: YamlNode | null = node ? collectionOf(node) : null;
    node =
      typeof key === 'number'
        ? inside?.getChildren('Item')[key]
        : inside?.getChildren('Pair').find((pair) => keyOf(pair, text) === key);
    if (!node) return [];
  }
  const mapping = node && collectionOf(node);
  return mapping && mapping.name.endsWith('Mapping')
    ? mapping.getChildren('Pair').map((pair) => keyOf(pair, text))
    : [];
}

/** The path of the node at `pos`: where in the lesson the cursor stands (its scene, its beat…). */
export const getPathAt = (tree: YamlTree, text: string, pos: number): (string | number)[] =>
  getNodePath(tree.resolveInner(pos, -1), text);

/** The column a key on `line` starts at, after its indentation and any `- ` item marks; `null`: none. */
function keyColumn(line: string): number | null {
  const match = /^((?:\s*-\s+)*\s*)([^\s#:-][^:#]*):(\s|$)/.exec(line);
  return match ? match[1].length : null;
}

/**
 * On a line with nothing on it yet: the mapping a key typed here would join, found from the lines
 * above by indentation, as YAML reads it (a key at the same column: the same mapping; a `key:`
 * further left with nothing after it: the new mapping under it; a `- ` here: a new item).
 */
function findBlankLineContext(tree: YamlTree, text: string, pos: number): YamlContext | null {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const prefix = text.slice(lineStart, pos);
  const dash = /^(\s*)-\s+$/.exec(prefix);
  const column = prefix.length;
  for (let end = lineStart - 1; end > 0;) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const indent = /^\s*/.exec(line)![0].length;
    const key = keyColumn(line);
    if (dash) {
      // A new item: after the items of the same sequence, or as the first under its key.
      if (line.slice(indent).startsWith('-') && indent === dash[1].length) {
        const item = getNodePath(tree.resolveInner(start + indent + 2, 1), text);
        let at = item.length - 1;
        while (at >= 0 && typeof item[at] !== 'number') at--;
        if (at < 0) return null;
        return { kind: 'key', path: [...item.slice(0, at), (item[at] as number) + 1], from: pos };
      }
      if (key !== null && key < dash[1].length + 1 && /:\s*$/.test(line)) {
        const parent = getNodePath(tree.resolveInner(start + key + 1, 1), text);
        return { kind: 'key', path: [...parent, 0], from: pos };
      }
      if (indent < dash[1].length) return null;
      continue;
    }
    if (key === column) {
      const path = getNodePath(tree.resolveInner(start + key + 1, 1), text);
      return { kind: 'key', path: path.slice(0, -1), from: pos };
    }
    if (key !== null && key < column && /:\s*$/.test(line)) {
      return { kind: 'key', path: getNodePath(tree.resolveInner(start + key + 1, 1), text), from: pos };
    }
    if (indent < column) return null;
  }
  // Nothing above: the lesson's own keys.
  return column === 0 && !dash ? { kind: 'key', path: [], from: pos } : null;
}

/** Inside a text at `node`: the `{` of a fact being named before `pos`, if there is one. */
function findFactStart(node: YamlNode, text: string, pos: number): number | null {
  const before = text.slice(node.from, pos);
  const open = /\{([a-zA-Z0-9.-]*)$/.exec(before);
  return open ? pos - open[1].length : null;
}

/**
 * What the cursor at `pos` is writing in a lesson file: a key (of which mapping), a value (at which
 * path), or a fact's name inside a text, read from the syntax tree, and from indentation on a line
 * that holds nothing yet. `null` where none of these is being written (a comment, a tag…).
 */
export function findYamlContext(tree: YamlTree, text: string, pos: number): YamlContext | null {
  const word = /[\w-]*$/.exec(text.slice(Math.max(0, pos - 100), pos))![0];
  const from = pos - word.length;
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  if (/^(\s*-)*\s*$/.test(text.slice(lineStart, from)) && /^\s*-?\s*$/.test(text.slice(lineStart, pos)))
    return findBlankLineContext(tree, text, pos);
  const node = tree.resolveInner(pos, -1);
  // Right after a key's colon, before its value has begun: that key's value.
  const colon = /:[ \t]+$/.exec(text.slice(lineStart, from));
  if (colon && !['Literal', 'QuotedLiteral', 'BlockLiteral'].includes(node.name)) {
    const path = getNodePath(tree.resolveInner(lineStart + colon.index, 1), text);
    return { kind: 'value', path, from };
  }
  for (let at: YamlNode | null = node; at; at = at.parent) {
    switch (at.name) {
      case 'Literal':
      case 'QuotedLiteral':
      case 'BlockLiteral': {
        const inKey = at.parent?.name === 'Key';
        if (!inKey) {
          const fact = findFactStart(at, text, pos);
          if (fact !== null) return { kind: 'fact', path: getNodePath(at, text), from: fact };
        }
        if (at.name !== 'Literal' && pos <= at.from) continue;
        const start = at.name === 'QuotedLiteral' ? at.from + 1 : at.from;
        return {
          kind: inKey ? 'key' : 'value',
          path: inKey ? getNodePath(at, text).slice(0, -1) : getNodePath(at, text),
          from: Math.max(start, from),
        };
      }
      case 'Pair': {
        const colon = at.getChild(':');
        // After the colon: the pair's value; before it (a key with no colon yet): a key.
        if (colon && pos >= colon.to) return { kind: 'value', path: getNodePath(at, text), from };
        return { kind: 'key', path: getNodePath(at, text).slice(0, -1), from };
      }
      case 'Item': {
        if (pos > at.from || at.parent?.name === 'FlowSequence')
          return { kind: 'value', path: getNodePath(at, text), from };
        break;
      }
      case 'BlockMapping':
      case 'FlowMapping':
        return { kind: 'key', path: getNodePath(at, text), from };
      case 'FlowSequence':
        return {
          kind: 'value',
          path: [...getNodePath(at, text), at.getChildren('Item').filter((i) => i.to <= from).length],
          from,
        };
      case 'Comment':
        return null;
    }
  }
  return null;
}
