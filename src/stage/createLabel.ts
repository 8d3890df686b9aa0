import { Text, TextStyle } from 'pixi.js';

export const MONO = 'JetBrains Mono';
export const SANS = 'Inter';

const styles = new Map<string, TextStyle>();

/**
 * The one shared, never-mutated style for a font, size, weight and colour.
 *
 * @remarks
 * Pixi keys a text's cached texture by its style's uid and change tick, and never forgets a key it
 * has seen. Mutating a style (`style.fill = …`) bumps the tick, so every colour change would mint a
 * new key that stays in the renderer for good. Swapping between shared styles keeps the set of keys
 * bounded by the distinct (text, style) pairs ever shown.
 */
function getStyle(family: string, size: number, weight: string, color: number): TextStyle {
  const key = `${family}|${size}|${weight}|${color}`;
  let style = styles.get(key);
  if (!style) {
    style = new TextStyle({ fontFamily: family, fontSize: size, fontWeight: weight as '600', fill: color });
    styles.set(key, style);
  }
  return style;
}

/** A centred Pixi text in one of the bundled fonts (which must have loaded first). */
export function createLabel(text: string, size: number, color: number, family = MONO, weight = '600'): Text {
  const label = new Text({ text, style: getStyle(family, size, weight, color) });
  label.anchor.set(0.5);
  return label;
}

/** Changes a label's text and colour only when they differ, since each change re-rasterises it. */
export function setLabel(label: Text, text: string, color?: number): void {
  if (label.text !== text) label.text = text;
  if (color === undefined) return;
  const { fontFamily, fontSize, fontWeight } = label.style;
  const style = getStyle(fontFamily as string, fontSize, fontWeight, color);
  if (label.style !== style) label.style = style;
}
