/** The `title:` a lesson's text gives at its top level, unquoted; `null`: none. */
export function getDraftTitle(text: string): string | null {
  const found = /^title:[ \t]*(.*?)[ \t]*(?:#.*)?$/m.exec(text)?.[1];
  if (!found) return null;
  const unquoted = /^(['"])(.*)\1$/.exec(found)?.[2] ?? found;
  return unquoted.trim() || null;
}

/** A file name made of a title: "Columns at pitch 40" → `columns-at-pitch-40.yaml`. */
export function getTitleFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    // Accents left apart by the normalising go, so ä is a.
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'lesson'}.yaml`;
}
