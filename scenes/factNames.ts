/**
 * How a fact is named in a template, `{rounds}` or `{q-1.rounds}`: a fact of the scene's access, or
 * of an access named under `compare` or by a question's id (ids may hold hyphens), then a dot.
 */
export const FACT_NAME = '[a-zA-Z0-9][a-zA-Z0-9.-]*';

/** Every `{fact}` in a text (a fresh expression each call: it keeps a position as it matches). */
export const findFactPlaceholders = () => new RegExp(`\\{(${FACT_NAME})\\}`, 'g');
