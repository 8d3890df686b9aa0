import type { Page } from '@playwright/test';

/** One text drawn in a frame, as Pixi holds it: its size and box in the 1920×1080 frame. */
export interface DrawnText {
  readonly text: string;
  /** The labels of the containers it is drawn in, outermost first (`panels`, `table` …). */
  readonly path: readonly string[];
  /** Its font size times its scale in the frame: how many pixels tall it is in a 1080p frame. */
  readonly size: number;
  /** How opaque it is drawn, its containers' alpha included. */
  readonly alpha: number;
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/**
 * Keeps every Pixi renderer the page makes where {@link readDrawnText} finds it. Pixi hands each
 * renderer to `__PIXI_RENDERER_INIT__` (the hook its devtools use), so nothing in the player is
 * there for the tests. Call before the page loads.
 */
export async function watchPixi(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const hooks = globalThis as unknown as { __PIXI_RENDERER_INIT__: (r: unknown) => void; __renderers: unknown[] };
    hooks.__renderers = [];
    hooks.__PIXI_RENDERER_INIT__ = (renderer) => hooks.__renderers.push(renderer);
  });
}

/**
 * Every text the stage drew in its last frame (visible, not fully transparent), read from Pixi's own
 * objects, and the width of the frame's panel column (0 without one), in the 1920×1080 frame.
 */
export async function readDrawnText(page: Page): Promise<{ texts: DrawnText[]; panelWidth: number }> {
  return page.evaluate(() => {
    type Node = {
      visible: boolean;
      renderable: boolean;
      alpha: number;
      label: string;
      text?: string;
      style?: { fontSize?: number };
      worldTransform: { d: number };
      children: Node[];
      getBounds(): { x: number; y: number; width: number; height: number };
    };
    const renderers = (window as unknown as { __renderers: { lastObjectRendered: Node }[] }).__renderers;
    const root = renderers.at(-1)!.lastObjectRendered.children[0];
    // The frame's own scale on the canvas: sizes are given in the frame's pixels.
    const scale = Math.abs(root.worldTransform.d);
    const texts: DrawnText[] = [];
    const walk = (node: Node, path: string[], alpha: number) => {
      if (!node.visible || !node.renderable || node.alpha * alpha === 0) return;
      if (typeof node.text === 'string' && node.text.trim() !== '' && node.style?.fontSize) {
        const { x, y, width, height } = node.getBounds();
        texts.push({
          text: node.text,
          path,
          size: (node.style.fontSize * Math.abs(node.worldTransform.d)) / scale,
          alpha: node.alpha * alpha,
          box: { x: x / scale, y: y / scale, width: width / scale, height: height / scale },
        });
      }
      for (const child of node.children) walk(child, child.label ? [...path, child.label] : path, node.alpha * alpha);
    };
    walk(root, [], 1);
    const column = root.children.find((child) => child.label === 'panels');
    return { texts, panelWidth: column?.visible ? column.getBounds().width / scale : 0 };
  });
}
