import { getSchedule } from '../src/engine';
import { quizPanel } from '../src/panels/quiz/quizPanel';
import { tablePanel } from '../src/panels/table/tablePanel';
import type { ProgramEntry } from '../src/program/createProgram';

/** A scene's quiz, its questions ready to ask, as the quiz panel prepares it. */
export const quizOf = (entry: ProgramEntry) => quizPanel.content(entry, getSchedule(entry.access))!.questions;

/** A scene's worked example, as the table panel prepares it (`null`: none). */
export const tableOf = (entry: ProgramEntry) => tablePanel.content(entry, getSchedule(entry.access));
