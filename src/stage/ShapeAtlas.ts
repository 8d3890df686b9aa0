import {
  Container,
  Graphics,
  Rectangle,
  RenderTexture,
  Sprite,
  Texture,
  type GraphicsContext,
  type Renderer,
} from 'pixi.js';

/** Empty pixels around each shape, so that sampling at one shape's edge never reaches the next. */
const GAP = 2;

/**
 * A few shapes drawn into one texture at the resolution they are shown at, so that each copy on
 * stage is a sprite: two triangles where the shape's own tessellation was dozens, and one texture,
 * so that the copies share a draw call.
 *
 * @remarks
 * Software WebGL pays for every triangle it sets up, however small: the lane markers as shapes cost
 * several times what they cost as sprites. A sprite pays for every pixel of its box instead, so
 * this suits small, solid shapes, not long outlines (the banks' frames as sprites cost more than
 * their shapes; figures in docs/performance.md). Sampled nearest at one texel a screen pixel, a shape
 * looks as it does drawn directly.
 */
export class ShapeAtlas<Key extends string> {
  private readonly page = RenderTexture.create({ width: 1, height: 1, scaleMode: 'nearest' });
  private textures: Map<Key, Texture>;
  private readonly sprites = new Map<Sprite, Key>();
  private drawnAt = 0;

  constructor(private readonly shapes: Record<Key, GraphicsContext>) {
    this.textures = this.cut(new Map(this.keys().map((key) => [key, 0])));
  }

  private keys(): Key[] {
    return Object.keys(this.shapes) as Key[];
  }

  /** A sprite showing `key`'s shape with its origin at the sprite's position, whichever resolution the shapes are drawn at. */
  createSprite(key: Key): Sprite {
    const sprite = new Sprite(this.textures.get(key));
    sprite.anchor.copyFrom(sprite.texture.defaultAnchor!);
    this.sprites.set(sprite, key);
    sprite.once('destroyed', () => this.sprites.delete(sprite));
    return sprite;
  }

  /** Shows another of the shapes on a sprite of {@link createSprite}. */
  show(sprite: Sprite, key: Key): void {
    this.sprites.set(sprite, key);
    sprite.texture = this.textures.get(key)!;
  }

  /** Each shape's texture, starting `xs` units along the page. */
  private cut(xs: Map<Key, number>): Map<Key, Texture> {
    const textures = new Map<Key, Texture>();
    for (const [key, x] of xs) {
      const { minX, minY, width, height } = this.shapes[key].bounds;
      const frame = new Rectangle(x, GAP / (this.drawnAt || 1), width, height);
      const defaultAnchor = { x: -minX / width, y: -minY / height };
      textures.set(key, new Texture({ source: this.page.source, frame, defaultAnchor }));
    }
    return textures;
  }

  /** Draws the shapes at `resolution` pixels a unit, unless they are there already. */
  draw(renderer: Renderer, resolution: number): void {
    if (resolution === this.drawnAt) return;
    this.drawnAt = resolution;
    const layout = new Container();
    // Each shape starts on a whole pixel of the page, so no texel at its box's edge is half its own.
    let pixelX = GAP;
    let pixelHeight = 0;
    const xs = new Map<Key, number>();
    for (const key of this.keys()) {
      const { minX, minY, width, height } = this.shapes[key].bounds;
      const x = pixelX / resolution;
      layout.addChild(new Graphics(this.shapes[key])).position.set(x - minX, GAP / resolution - minY);
      xs.set(key, x);
      pixelX += Math.ceil(width * resolution) + GAP;
      pixelHeight = Math.max(pixelHeight, Math.ceil(height * resolution) + 2 * GAP);
    }
    this.page.source.resize(pixelX / resolution, pixelHeight / resolution, resolution);
    renderer.render({ container: layout, target: this.page, clearColor: [0, 0, 0, 0] });
    layout.destroy({ children: true });
    // New textures rather than new frames on the old ones: a sprite takes its texture's corners
    // when it is given the texture, not at every frame.
    const old = this.textures;
    this.textures = this.cut(xs);
    for (const [sprite, key] of this.sprites) sprite.texture = this.textures.get(key)!;
    for (const texture of old.values()) texture.destroy();
  }

  /** The page's pixels are gone (a WebGL context lost and restored): the next {@link draw} draws them again. */
  markLost(): void {
    this.drawnAt = 0;
  }

  destroy(): void {
    for (const texture of this.textures.values()) texture.destroy();
    this.page.destroy(true);
    this.sprites.clear();
  }
}
