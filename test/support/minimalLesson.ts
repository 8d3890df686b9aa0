/** The minimal lesson, exactly as an instructor would write it. */
export const MINIMAL = `title: My lesson
scenes:
  - id: my-column
    title: A column at pitch 40
    access: { pattern: column, pitch: 40, cols: 32, col: 0 }
    beats:
      - { cue: start, text: "Lane i reads row i." }
      - { cue: end, text: "{rounds} rounds." }
  - id: my-expr
    title: My kernel's index
    access: { pattern: expr, expr: "(lane % 8) * 33 + lane / 8" }
    beats:
      - { cue: end, text: "Busiest bank: {busiest}, {rounds} rounds." }
`;
