import { Container, Graphics, Text } from 'pixi.js';
import type { CodeListing } from '../../../scenes';
import { getCodeLines } from '../../program/getCodeLines';
import { PALETTE } from '../palette';
import { CODE, createPanelText, HEADING, PANEL_WIDTH, type FramePanel, type FramePanelState } from './framePanel';

const LINE = 30;
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

/** Characters that fit the column at the code's size; a longer line loses its trailing comment. */
const FIT = Math.floor(PANEL_WIDTH / (21 * 0.6));

function fitLine(line: string): string {
  if (line.length <= FIT) return line;
  const comment = line.indexOf('//');
  if (comment < 0) return line;
  // A comment on a line of its own is shortened; one after code goes, the code stays whole.
  return line.slice(0, comment).trim() === '' ? `${line.slice(0, FIT - 1)}…` : line.slice(0, comment).trimEnd();
}

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
export class CodeFrameView implements FramePanel {
  readonly view = new Container();
  readonly height: number;
  private readonly band = new Graphics();
  private readonly body = new Container();
  private readonly first: number;
  private readonly shownLines: number;
  private readonly text: string;
  private shown: readonly string[] | undefined | null = null;

  constructor(code: CodeListing, pointedAt: readonly string[]) {
    this.text = code.text;
    this.view.addChild(createPanelText(code.title, HEADING));
    const lines = code.text.replace(/\n$/, '').split('\n');
    // The stretch of a long program its beats point at, with a little context around it.
    const pointed = getCodeLines(code.text, pointedAt);
    const from = pointed.length ? Math.max(1, pointed[0] - 3) : 1;
    const to = Math.min(lines.length, pointed.length ? pointed.at(-1)! + 2 : WINDOW, from + WINDOW - 1);
    this.first = from;
    this.shownLines = to - from + 1;
    this.body.position.set(0, 48);
    this.body.addChild(this.band);
    lines.slice(from - 1, to).forEach((line, i) => {
      let x = 0;
      for (const [part, fill] of tokenize(fitLine(line.replace(/\t/g, '  ')))) {
        const text = new Text({ text: part, style: { ...CODE, fill } });
        text.position.set(x, i * LINE);
        x += text.width;
        this.body.addChild(text);
      }
    });
    // Code wider than the column is scaled to fit rather than cut off.
    const width = Math.max(...this.body.children.map((c) => c.x + c.width));
    if (width > PANEL_WIDTH) this.body.scale.set(PANEL_WIDTH / width);
    this.view.addChild(this.body);
    this.height = 48 + this.shownLines * LINE * this.body.scale.y + 8;
  }

  update({ frame }: FramePanelState): void {
    const pieces = frame.beat?.highlight?.code;
    if (pieces === this.shown) return;
    this.shown = pieces;
    this.band.clear();
    for (const line of getCodeLines(this.text, pieces ?? [])) {
      const i = line - this.first;
      if (i < 0 || i >= this.shownLines) continue;
      const width = PANEL_WIDTH / this.body.scale.x + 16;
      this.band.rect(-8, i * LINE - 3, width, LINE).fill({ color: PALETTE.serving, alpha: 0.3 });
      this.band.rect(-8, i * LINE - 3, 5, LINE).fill(PALETTE.serving);
    }
  }
}
