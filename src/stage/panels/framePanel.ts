import { Text, type Container, type TextStyleOptions } from 'pixi.js';
import type { PanelMoment } from '../../panels/panelKindDefinition';
import type { PanelKind } from '../../panels/panelKinds';
import { MONO, SANS } from '../createLabel';
import { PALETTE } from '../palette';
import { FRAME_TEXT, PANEL_WIDTH } from '../stageGeometry';

/** One panel of the composed frame: a view of a known width, its height, and how it follows the clock. */
export interface FramePanel {
  readonly kind: PanelKind;
  readonly view: Container;
  readonly height: number;
  /** Heights from its top at which it may be cut between pages (between its items); none: shown whole. */
  readonly breaks?: readonly number[];
  /** A panel kept on every page while `now` says so (a question the room is asked), at this height. */
  readonly held?: { readonly height: number; now(): boolean };
  update?(moment: PanelMoment): void;
}

export { PANEL_WIDTH } from '../stageGeometry';
/** Body text in panels: at least 24 px tall in a presented 1080p frame (16 px in a 720p clip). */
export const PANEL_TEXT = FRAME_TEXT.panel;

export const HEADING: TextStyleOptions = { fontFamily: SANS, fontSize: 30, fontWeight: '700', fill: PALETTE.text };

export const BODY: TextStyleOptions = {
  fontFamily: SANS,
  fontSize: PANEL_TEXT,
  fontWeight: '500',
  fill: PALETTE.text,
  wordWrap: true,
  wordWrapWidth: PANEL_WIDTH,
  lineHeight: PANEL_TEXT * 1.3,
};

export const MUTED: TextStyleOptions = { ...BODY, fill: PALETTE.textMuted };

export const CODE: TextStyleOptions = {
  fontFamily: MONO,
  fontSize: FRAME_TEXT.code,
  fontWeight: '500',
  fill: PALETTE.text,
};

/** A text of a panel, placed at (x, y) from its top left. */
export function createPanelText(text: string, style: TextStyleOptions, x = 0, y = 0): Text {
  const label = new Text({ text, style });
  label.position.set(x, y);
  return label;
}
