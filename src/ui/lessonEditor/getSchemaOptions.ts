import type { TSchema } from '@sinclair/typebox';
import { LessonSchema } from '../../../scenes/lessonSchema';
import type { YamlPath } from './findYamlContext';

/** One thing the schema allows at a place: a key of a mapping, or a value. */
export interface SchemaOption {
  readonly label: string;
  /** What the schema says of it (its description), when it says anything. */
  readonly info?: string;
  /** A key the mapping must have. */
  readonly required?: boolean;
}

/** The schemas a value may match: each member of a union, or the one schema. */
const alternativesOf = (schema: TSchema): TSchema[] =>
  Array.isArray(schema.anyOf) ? (schema.anyOf as TSchema[]).flatMap(alternativesOf) : [schema];

/** The schema one step down: a mapping's key, or a sequence's item. */
function step(schema: TSchema, key: string | number): TSchema | null {
  for (const s of alternativesOf(schema)) {
    if (typeof key === 'number' && s.type === 'array') return s.items as TSchema;
    if (typeof key === 'string' && s.type === 'object') {
      const properties = s.properties as Record<string, TSchema> | undefined;
      if (properties && Object.hasOwn(properties, key)) return properties[key];
      const patterned = s.patternProperties as Record<string, TSchema> | undefined;
      if (patterned) return Object.values(patterned)[0] ?? null;
    }
  }
  return null;
}

/** The lesson schema's part at `path` (`['scenes', 0, 'access']`: an access), or `null` where it has none. */
export function getSchemaAt(path: YamlPath, root: TSchema = LessonSchema): TSchema | null {
  let schema: TSchema | null = root;
  for (const key of path) {
    schema = schema && step(schema, key);
    if (!schema) return null;
  }
  return schema;
}

/** Whether the part at `path` is a mapping (takes keys) rather than a value. */
export const takesKeys = (path: YamlPath): boolean => {
  const schema = getSchemaAt(path);
  return schema !== null && alternativesOf(schema).some((s) => s.type === 'object' && s.properties);
};

/**
 * The keys the mapping at `path` may have, in the schema's order (the order its docs and examples
 * write them), each with the schema's description. `$schema` is for editors, not for people.
 */
export function getKeyOptions(path: YamlPath): SchemaOption[] {
  const schema = getSchemaAt(path);
  if (!schema) return [];
  return alternativesOf(schema).flatMap((s) => {
    const properties = s.properties as Record<string, TSchema> | undefined;
    const required = new Set((s.required as string[] | undefined) ?? []);
    return Object.entries(properties ?? {})
      .filter(([key]) => key !== '$schema')
      .map(([key, value]) => ({
        label: key,
        info: (value.description as string | undefined) ?? alternativesOf(value)[0]?.description,
        required: required.has(key),
      }));
  });
}

/** The moments a beat's cue may name, with the rounds of the scene's access when they are known. */
const getCues = (rounds: number | null): string[] => [
  'start',
  'flights',
  'queued',
  ...Array.from({ length: rounds ?? 1 }, (_, i) => `round-${i + 1}`),
  'end',
  'hold',
];

/**
 * The values the schema allows at `path` when it names them: a choice's values (a pattern, an op,
 * a panel kind, a reveal…), and a cue's moments (`round-1` … up to `rounds`). Nothing for free text
 * and numbers.
 */
export function getValueOptions(path: YamlPath, rounds: number | null = null): SchemaOption[] {
  const schema = getSchemaAt(path);
  if (!schema) return [];
  const alternatives = alternativesOf(schema);
  if (alternatives.some((s) => typeof s.pattern === 'string' && s.pattern.includes('round-')))
    return getCues(rounds).map((label) => ({ label, info: schema.description as string | undefined }));
  const seen = new Set<string>();
  return alternatives.flatMap((s) => {
    if (s.const === undefined) return [];
    const label = String(s.const);
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ label, info: schema.description as string | undefined }];
  });
}
