import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The kernel analyzer's folder imports one way: the interpreter's recursion goes through the
// interpreter object, never through a ring of files importing each other.

const ROOT = 'src/engine/kernel';

/** Every file of the folder (and its subfolders) with the files of the folder it imports, type imports too. */
function readImports(): Map<string, string[]> {
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(/from '(\.[^']*)'/g)]
      .map((m) => normalize(join(dirname(file), m[1])) + '.ts')
      .filter((target) => files.includes(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The cycles of the graph, as the files of each strongly connected component of more than one file. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('the kernel analyzer’s imports', () => {
  it('form no cycle', () => {
    expect(findCycles(readImports())).toEqual([]);
  });
});
