import { Container, Ticker, WebGLRenderer } from 'pixi.js';
import { PALETTE } from './palette';
import { tunePixi } from './tunePixi';

/** A WebGL renderer and the scene it draws, rendered only when asked (the timeline is the one clock). */
export interface StageApplication {
  readonly renderer: WebGLRenderer;
  readonly stage: Container;
  readonly canvas: HTMLCanvasElement;
  render(): void;
  /** Frees the renderer (and removes its canvas from the page) and everything on stage. */
  destroy(): void;
}

/**
 * A WebGL renderer made directly, not through Pixi's `Application`: its renderer detection first
 * opens a WebGL context only to see whether one opens (a quarter of a second of every page load
 * under software WebGL), and its ticker would be one clock too many.
 */
export async function createStageApplication(
  width: number,
  height: number,
  devicePixelRatio: number,
): Promise<StageApplication> {
  tunePixi();
  // Pixi's system ticker would run on every animation frame, paused or not, for its resource
  // collection: a share of a core on a page that shows a still frame, and a laptop's battery. It runs
  // when the stage renders instead: the timeline is the one clock.
  Ticker.system.autoStart = false;
  Ticker.system.stop();
  const renderer = new WebGLRenderer();
  try {
    await renderer.init({
      // Multisampling costs software WebGL several times the frame time, for little gain at 1080p.
      antialias: false,
      background: PALETTE.ground,
      resolution: Math.min(3, Math.max(1, devicePixelRatio)),
      autoDensity: true,
      width,
      height,
      // Export and pixel tests read the canvas back after a render.
      preserveDrawingBuffer: true,
      // Pixi would otherwise fetch its whole browser environment first: the accessibility layer (the
      // page has its own), DOM overlays and filters the stage never uses, all in the first load.
      skipExtensionImports: true,
    });
  } catch (error) {
    throw new Error('This browser offers no WebGL, so the animated stage cannot be drawn.', { cause: error });
  }
  const stage = new Container();
  return {
    renderer,
    stage,
    canvas: renderer.canvas as HTMLCanvasElement,
    render: () => {
      Ticker.system.update();
      renderer.render({ container: stage });
    },
    destroy: () => {
      stage.destroy({ children: true, texture: true, textureSource: true });
      renderer.destroy({ removeView: true });
    },
  };
}
