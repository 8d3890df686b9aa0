/** The keyboard map, as the `?` sheet shows it (the single list the sheet and the README follow). */
export const SHORTCUTS: readonly (readonly [keys: string, action: string])[] = [
  ['Space or K', 'Play or pause'],
  ['← / →', 'Previous / next round'],
  [', / .', 'One frame back / forward (while paused)'],
  ['Home / End', 'Start / end of the scene'],
  ['PageUp / PageDown, [ / ]', 'Previous / next scene'],
  ['1 – 9', 'Jump to a scene'],
  ['C', 'Captions on or off'],
  ['F', 'Full screen'],
  ['P', 'Presentation mode'],
  ['?', 'This sheet'],
  ['Esc', 'Close an overlay, leave presentation mode'],
];
