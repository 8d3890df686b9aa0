import { Container, Text } from 'pixi.js';

/** Rasterises every text under `node` at `resolution`, so labels stay crisp when the stage is scaled up. */
export function applyTextResolution(node: Container, resolution: number): void {
  for (const child of node.children) {
    if (child instanceof Text) {
      if (child.resolution !== resolution) child.resolution = resolution;
    } else if (child instanceof Container) applyTextResolution(child, resolution);
  }
}
