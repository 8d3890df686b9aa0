import { CanvasTextMetrics, extensions, GlLimitsSystem, Texture, type WebGLRenderer } from 'pixi.js';
// The page's Content-Security-Policy forbids eval: Pixi then syncs uniforms without generated code.
import 'pixi.js/unsafe-eval';
import { splitStandalone } from './splitStandalone';

/** Textures one batch may sample from: enough for a shape and a label to share a draw call. */
const BATCH_TEXTURES = 2;

/**
 * Pixi's WebGL limits, with batches capped at {@link BATCH_TEXTURES} textures.
 *
 * @remarks
 * Pixi's batch shader picks a batch's texture with an if-chain as long as the batch's texture
 * limit (32 on SwiftShader). Software WebGL runs every branch of that chain for every pixel, so a
 * full-screen quad costs about three times as much with the chain as with two branches; the few
 * dozen extra draw calls cost far less (docs/performance.md). On a hardware GPU both are noise.
 */
class LeanLimitsSystem extends GlLimitsSystem {
  static override extension = GlLimitsSystem.extension;

  /**
   * Pixi's own version first compiles a shader with one branch per texture unit (32 here) to learn
   * how many its batches may sample; two always compile, so that probe is skipped. It is Pixi's
   * method otherwise, field for field.
   */
  override contextChange(): void {
    const renderer = (this as unknown as { _renderer: WebGLRenderer })._renderer;
    const gl = renderer.gl;
    this.maxTextures = gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS);
    this.maxBatchableTextures = Math.min(this.maxTextures, BATCH_TEXTURES);
    this.maxUniformBindings = renderer.context.webGLVersion === 2 ? gl.getParameter(gl.MAX_UNIFORM_BUFFER_BINDINGS) : 0;
  }
}

let tuned = false;

/**
 * Makes Pixi cheaper to run on software WebGL, which is what classrooms' locked-down machines and
 * headless recording have. Call before the first renderer is made: Pixi builds its batch shader
 * once per page, from the first renderer's limits.
 *
 * @remarks
 * Besides the texture cap, every shape and link samples the shared white texture; sampling it
 * nearest rather than bilinear gives the same white and costs less of a frame. And a
 * label's text is split into characters by a plain split where every character stands alone (see
 * {@link splitStandalone}), as in every number and the lesson's captions: Pixi splits every changed
 * label with `Intl.Segmenter` (for grapheme clusters), a good part of a round step's JavaScript,
 * and making the segmenter costs every page load (it is now made when a text first needs it; see
 * `vite.config.ts`).
 */
export function tunePixi(): void {
  if (tuned) return;
  tuned = true;
  extensions.remove(GlLimitsSystem);
  extensions.add(LeanLimitsSystem);
  Texture.WHITE.source.scaleMode = 'nearest';
  const segment = CanvasTextMetrics.graphemeSegmenter;
  CanvasTextMetrics.graphemeSegmenter = (text) => splitStandalone(text) ?? segment(text);
}
