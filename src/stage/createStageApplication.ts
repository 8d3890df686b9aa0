import { Application, isWebGLSupported } from 'pixi.js';
import { PALETTE } from './palette';
import { tunePixi } from './tunePixi';

/** A Pixi application that never ticks on its own (the timeline is the one clock). */
export async function createStageApplication(
  width: number,
  height: number,
  devicePixelRatio: number,
): Promise<Application> {
  if (!isWebGLSupported()) throw new Error('This browser offers no WebGL, so the animated stage cannot be drawn.');
  tunePixi();
  const app = new Application();
  await app.init({
    preference: 'webgl',
    autoStart: false,
    // Multisampling costs software WebGL several times the frame time, for little gain at 1080p.
    antialias: false,
    background: PALETTE.ground,
    resolution: Math.min(3, Math.max(1, devicePixelRatio)),
    autoDensity: true,
    width,
    height,
    // Export and pixel tests read the canvas back after a render.
    preserveDrawingBuffer: true,
  });
  app.ticker.stop();
  return app;
}
