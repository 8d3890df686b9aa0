import { getSpecTile, type Schedule } from '../../engine';
import type { ProgramEntry } from '../../program/createProgram';
import { getSwizzleText, getTileCostText } from '../../program/describeTile';
import { CodeFrameView } from './CodeFrameView';
import type { FramePanel } from './framePanel';
import { ListFrameView } from './ListFrameView';
import { QuestionFrameView } from './QuestionFrameView';
import { QuizFrameView } from './QuizFrameView';
import { TableFrameView } from './TableFrameView';
import { TileFrameView } from './TileFrameView';

/**
 * The panels a scene shows in the composed frame, in its data's order: its question first, then
 * the table, tile, code, quiz, references and notes. Explore shows the tile of its access.
 */
export function createFramePanels(entry: ProgramEntry, schedule: Schedule): FramePanel[] {
  const panels: FramePanel[] = [];
  if (entry.question && entry.id !== 'explore') panels.push(new QuestionFrameView(entry.question));
  const kinds = entry.id === 'explore' ? (['tile'] as const) : entry.panels;
  for (const kind of kinds) {
    switch (kind) {
      case 'table':
        if (entry.table) panels.push(new TableFrameView(entry.table));
        break;
      case 'tile': {
        const tile = getSpecTile(entry.spec);
        if (tile?.ok) {
          const note = tile.value.layout === 'xor' ? getSwizzleText(tile.value, schedule) : null;
          panels.push(new TileFrameView(tile.value, schedule, getTileCostText(tile.value, schedule), note));
        }
        break;
      }
      case 'code':
        if (entry.code)
          panels.push(
            new CodeFrameView(
              entry.code,
              entry.beats.flatMap((b) => b.highlight?.code ?? []),
            ),
          );
        break;
      case 'quiz':
        panels.push(new QuizFrameView(entry.quiz, entry.takeaways, entry.beats.length - 1));
        break;
      case 'references':
        panels.push(new ListFrameView([{ title: 'References', items: entry.references.map((r) => [r.title, r.why]) }]));
        break;
      case 'notes':
        panels.push(new ListFrameView(entry.notes));
        break;
    }
  }
  return panels;
}
