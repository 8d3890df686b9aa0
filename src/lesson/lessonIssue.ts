/** Something wrong (or worth a second look) in a lesson file, with where it is. */
export interface LessonIssue {
  readonly severity: 'error' | 'warning';
  /** `scenes[2].beats[1].cue` */
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The largest lesson file the player reads. */
export const MAX_LESSON_BYTES = 1_000_000;

/** An issue as one line a person can act on: `line 8, column 16: scenes[0].beats[1].cue: …`. */
export const formatIssue = (issue: LessonIssue) =>
  `line ${issue.line}, column ${issue.column}: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`;
