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
export * from './tileLayout';
export * from './generators';
export * from './schedule';
export * from './accessSpec';
export * from './indexExpression';
export * from './plural';
export * from './groupDigits';
export * from './accessFields';
export { ACCESS_KINDS, getAccessKind, getKindFields, KERNEL_FIELDS, PATTERNS, type AccessKind } from './accessKinds';
export * from './elementTypes';
export * from './threadBlock';
export * from './sharedArray';
export * from './swizzle';
export * from './warpRequest';
export * from './swizzleBits';
export * from './tileMap';
