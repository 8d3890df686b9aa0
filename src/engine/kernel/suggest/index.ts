/** Fix suggestions: the layout changes that lower a kernel's bank conflicts, proved on the whole kernel. */
export * from './suggestLayoutFixes';
export { getEditedLine } from './makeLayoutCandidates';
export { writeUnifiedDiff } from './writeUnifiedDiff';
export * from './getFixReplacements';
