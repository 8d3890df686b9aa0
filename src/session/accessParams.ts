import { quote, type AccessRegistry, type AnyField, type EngineError, type SpecOf } from '../engine';

type Fields = Readonly<Record<string, AnyField>>;

/**
 * An access from a link's parameters: every field of `registry`'s kinds read by its own definition,
 * in the registry's order, each bad one added to `errors` and left at its default.
 */
export function readAccessParams<R extends AccessRegistry>(
  params: URLSearchParams,
  errors: EngineError[],
  registry: R,
): SpecOf<R['kinds']> {
  const parts: Record<string, unknown> = {};
  // The kinds a link names by `pattern=`; the others it names by a field of their own (`words=`).
  const linked = registry.kinds.filter((k) => !k.namedBy).map((k) => k.id);
  const patternText = params.get('pattern');
  if (patternText !== null) {
    if (linked.includes(patternText)) parts.pattern = patternText;
    else errors.push({ field: 'pattern', reason: `must be ${linked.join(', ')}, not ${quote(patternText)}` });
  }
  const fields = registry.fields as Fields;
  for (const key of registry.keys) {
    const text = params.get(key);
    if (text === null) continue;
    const value = fields[key].parse(text);
    if (value.ok) parts[key] = value.value;
    else errors.push(value.error);
  }
  // A kind a link names by a field of its own: the field given is the kind chosen.
  for (const kind of registry.kinds) if (kind.namedBy && parts[kind.namedBy] !== undefined) parts.pattern = kind.id;
  const { spec, error } = registry.resolveWritten(parts);
  if (error) errors.push(error);
  return spec;
}

/**
 * Writes an access as link parameters, naming only what its kind uses, and that only when needed,
 * so shared links stay short: the kind (unless a field of its own names it), the fields it always
 * writes and the others that differ from their defaults, then the active lanes.
 */
export function writeAccessParams<R extends AccessRegistry>(
  params: URLSearchParams,
  spec: SpecOf<R['kinds']>,
  registry: R,
): void {
  const kind = registry.getKind(spec.pattern);
  const fields = registry.fields as Fields;
  const values = spec as Readonly<Record<string, unknown>>;
  if (!kind.namedBy) params.set('pattern', spec.pattern);
  for (const key of registry.getKindFields(spec.pattern))
    if (key === kind.namedBy || kind.linkFields.includes(key) || !registry.isDefault(spec, key))
      params.set(key, fields[key].write(values[key]));
  // A mask says which lanes one by one; the count of the first N only when there is none.
  if (!registry.isDefault(spec, 'mask')) params.set('mask', fields.mask.write(values.mask));
  else if (!registry.isDefault(spec, 'lanes')) params.set('lanes', fields.lanes.write(values.lanes));
}
