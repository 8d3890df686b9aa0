/**
 * The conflict engine: the one place that decides banks, rounds and counts.
 *
 * @remarks
 * Pure TypeScript with no DOM, Pixi, gsap or XState import (a lint rule enforces it), so the
 * walkthrough, Explore, the exporter and Node tests all ask the same code. The pitch sweep
 * (`./pitchSweep`) is imported from its own file: only Explore, loaded on first use, asks for it,
 * and an export from here would put it in every visit's first load.
 */
export * from './result';
export * from './bankModel';
export * from './access';
export * from './activeLanes';
export * from './addressTransforms';
export * from './tileLayout';
export * from './generators';
export * from './schedule';
export * from './accessSpec';
export * from './indexExpression';
export * from './plural';
export * from './groupDigits';
export * from './accessField';
export {
  ACCESS_FIELD_KEYS,
  ACCESS_FIELDS,
  ACCESS_KINDS,
  ACCESS_REGISTRY,
  getAccessKind,
  getKindFields,
  PATTERNS,
  type AccessFieldKey,
  type AccessKind,
} from './accessKinds';
export { defineAccessRegistry, type AccessRegistry, type SpecOf } from './defineAccessRegistry';
export { defineAccessKind, type KindSpec, type LaneContext } from './kinds/defineAccessKind';
export { TILE_FIELDS, type WrittenLayout } from './kinds/tileFields';
export * from './elementTypes';
export * from './threadBlock';
export * from './sharedArray';
export * from './swizzle';
export * from './operations';
export * from './warpRequest';
export * from './lanePairs';
export * from './getRoundsVerdict';
export * from './getBankConflict';
export * from './getLaneWait';
// Only the kernel analyzer's types: its code is imported from './kernel' by what runs it (Kernel mode,
// a lesson's kernel scene, the commands), as a re-export here put all of it in every visit's first load.
export type * from './kernel';
export * from './swizzleBits';
export * from './tileMap';
