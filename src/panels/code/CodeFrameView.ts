import { Container, Graphics, Text } from 'pixi.js';
import { PALETTE } from '../../stage/palette';
import { CODE, createPanelText, HEADING, PANEL_WIDTH } from '../../stage/panels/framePanel';
import type { CodeRecord } from './codePanel';
import { fitCodeLine } from './fitCodeLine';

const LINE = 34;
/** Lines shown at once: a long program shows the stretch its beats talk about. */
const WINDOW = 16;

const KEYWORDS = new Set([
  'for',
  'if',
  'else',
  'return',
  'int',
  'float',
  'const',
  'constexpr',
  'void',
  'do',
  'while',
  'sizeof',
  '__global__',
  '__shared__',
  '__syncthreads',
  'threadIdx',
]);

/** Characters that fit the column at the code's size. */
const FIT = Math.floor(PANEL_WIDTH / (Number(CODE.fontSize) * 0.6));

/** Colours a line of C++ by a few token kinds: comments, keywords, numbers, the rest. */
function tokenize(line: string): [string, number][] {
  const comment = line.indexOf('//');
  const code = comment >= 0 ? line.slice(0, comment) : line;
  const tokens: [string, number][] = [];
  for (const match of code.matchAll(/([A-Za-z_]\w*)|(\d+(\.\d+)?f?)|(\s+)|(.)/g)) {
    const [text, word, number] = match;
    const colour = word && KEYWORDS.has(word) ? PALETTE.request : number ? PALETTE.serving : PALETTE.text;
    const last = tokens.at(-1);
    if (last && last[1] === colour) last[0] += text;
    else tokens.push([text, colour]);
  }
  if (comment >= 0) tokens.push([line.slice(comment), PALETTE.textMuted]);
  return tokens;
}

/**
 * The code listing in the frame, syntax-coloured, with the lines under discussion in a band that
 * moves with the beats. A long program shows the window of lines its beats point at.
 */
export class CodeFrameView {
  readonly view = new Container();
  readonly height: number;
  private readonly band = new Graphics();
  private readonly body = new Container();
  private readonly first: number;
  /** Each source line shown: the first of the rows it wraps to, and how many. */
  private readonly rows: { first: number; count: number }[] = [];
  private shown: string | null = null;

  constructor(first: CodeRecord) {
    const { title, lines, pointed } = first;
    this.view.addChild(createPanelText(title, HEADING));
    // The stretch of a long program its beats point at, with a little context around it.
    const from = pointed.length ? Math.max(1, pointed[0] - 3) : 1;
    const to = Math.min(lines.length, pointed.length ? pointed.at(-1)! + 2 : WINDOW, from + WINDOW - 1);
    this.first = from;
    this.body.position.set(0, 52);
    this.body.addChild(this.band);
    let row = 0;
    lines.slice(from - 1, to).forEach((line) => {
      const rows = fitCodeLine(line.replace(/\t/g, '  '), FIT);
      this.rows.push({ first: row, count: rows.length });
      for (const wrapped of rows) {
        let x = 0;
        for (const [part, fill] of tokenize(wrapped)) {
          const text = new Text({ text: part, style: { ...CODE, fill } });
          text.position.set(x, row * LINE);
          x += text.width;
          this.body.addChild(text);
        }
        row++;
      }
    });
    // Anything still wider than the column (a long word) is scaled to fit rather than cut off.
    const width = Math.max(...this.body.children.map((c) => c.x + c.width));
    if (width > PANEL_WIDTH) this.body.scale.set(PANEL_WIDTH / width);
    this.view.addChild(this.body);
    this.height = 52 + row * LINE * this.body.scale.y + 8;
    this.draw(first);
  }

  draw({ lit }: CodeRecord): void {
    const key = lit.join();
    if (key === this.shown) return;
    this.shown = key;
    this.band.clear();
    for (const line of lit) {
      const shown = this.rows[line - this.first];
      if (!shown) continue;
      const width = PANEL_WIDTH / this.body.scale.x + 16;
      const [y, height] = [shown.first * LINE - 3, shown.count * LINE];
      this.band.rect(-8, y, width, height).fill({ color: PALETTE.serving, alpha: 0.3 });
      this.band.rect(-8, y, 5, height).fill(PALETTE.serving);
    }
  }
}
