import { Text } from 'pixi.js';

export const MONO = 'JetBrains Mono';
export const SANS = 'Inter';

/** A centred Pixi text in one of the bundled fonts (which must have loaded first). */
export function createLabel(text: string, size: number, color: number, family = MONO, weight = '600'): Text {
  const label = new Text({
    text,
    style: { fontFamily: family, fontSize: size, fontWeight: weight as '600', fill: color },
  });
  label.anchor.set(0.5);
  return label;
}

/** Changes a label's text and colour only when they differ, since each change re-rasterises it. */
export function setLabel(label: Text, text: string, color?: number): void {
  if (label.text !== text) label.text = text;
  if (color !== undefined && label.style.fill !== color) label.style.fill = color;
}
