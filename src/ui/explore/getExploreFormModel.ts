import {
  getOperation,
  getSpecType,
  getSpecWarnings,
  OPERATIONS,
  parseSharedArray,
  type AccessRegistry,
  type AnyField,
  type EngineError,
  type Operation,
  type SpecOf,
} from '../../engine';

/** One field of Explore's form: how it is labelled and entered. */
export interface FormField {
  readonly key: string;
  readonly label: string;
  /** A menu's options, each a value and its label; `null` for a field that is typed. */
  readonly options: readonly (readonly [value: string, label: string])[] | null;
  /** Whether it takes a whole number (a phone shows its number keys). */
  readonly numeric: boolean;
}

/** Explore's form as data: its fields, which ones a pattern shows, and how an access goes in and out of them. */
export interface ExploreFormModel<S> {
  /** The pattern menu, every kind's fields, then the count of active lanes: the form's first part. */
  readonly fields: readonly FormField[];
  /** The kernel's fields (type, block, operation …), in a group of their own. */
  readonly kernelFields: readonly FormField[];
  /** The fields shown for a pattern and an operation: the pattern's own, the kernel's but other operations' own, and the active lanes. */
  shows(pattern: string, op: string): readonly string[];
  /** Each field's text for an access, as a link writes it (a shared array's declaration says the type). */
  write(spec: S): Readonly<Record<string, string>>;
  /** Whether an access sets any of the kernel's fields, so that their group opens. */
  usesKernel(spec: S): boolean;
  /** Whether an access's type is the one it takes when none is chosen, so that the type menu may follow the other fields. */
  typeFollows(spec: S): boolean;
  /**
   * The type the fields' texts give when none is chosen: a declared array's, else the operation's
   * elements (ldmatrix's halves); `null` while the operation's menu holds no operation.
   */
  followedType(texts: Readonly<Record<string, string>>): string | null;
  /** The type of the array the shared field declares, or `null` while it declares none (or is wrong). */
  declaredType(texts: Readonly<Record<string, string>>): string | null;
  /** What is unusual in an access without being wrong, each naming its field (a float ldmatrix). */
  warnings(spec: S): EngineError[];
  /**
   * The access the fields' texts say for `pattern`, with the lanes chosen one by one as `mask`
   * (`null`: the first-N field decides), over `base` for what the pattern does not read; or, when a
   * field or the access as a whole is wrong, every error, each naming its field.
   */
  read(
    texts: Readonly<Record<string, string>>,
    pattern: string,
    mask: number | null,
    base: S,
  ): { spec: S | null; errors: EngineError[] };
}

const asField = (field: AnyField): FormField => ({
  key: field.key,
  label: field.label,
  options: field.choices ?? null,
  numeric: field.shape.kind === 'integer',
});

/** Every operation's own fields' keys (ldmatrix's matrix count), and each operation's. */
const OPERATION_FIELDS = new Set<string>(OPERATIONS.flatMap((o) => o.fields.map((f) => f.key)));
const ownFieldsOf = (op: string): readonly string[] => getOperation(op as Operation).fields.map((f) => f.key);

/**
 * Explore's form for the kinds of `registry`: the pattern menu, one field per parameter of every
 * kind (a kind shows its own), the active lanes, and the kernel's fields, each labelled, offered
 * and checked by its own definition.
 */
export function getExploreFormModel<R extends AccessRegistry>(registry: R): ExploreFormModel<SpecOf<R['kinds']>> {
  type Spec = SpecOf<R['kinds']>;
  const fields = registry.fields as Readonly<Record<string, AnyField>>;
  const kernel: readonly string[] = registry.kernelKeys;
  const own = registry.keys.filter((key) => key !== 'mask' && key !== 'lanes' && !kernel.includes(key));
  // What the form reads: its typed fields and menus; the mask comes from the lane grid.
  const typed = [...own, 'lanes', ...kernel];
  const uses = (pattern: string): readonly string[] => [...registry.getKindFields(pattern), 'lanes', 'mask'];
  return {
    fields: [
      {
        key: 'pattern',
        label: 'Pattern',
        options: registry.kinds.map((kind) => [kind.id, kind.label] as const),
        numeric: false,
      },
      ...[...own, 'lanes'].map((key) => asField(fields[key])),
    ],
    kernelFields: kernel.map((key) => asField(fields[key])),
    shows: (pattern, op) => {
      const chosen = ownFieldsOf(op);
      return uses(pattern).filter((key) => !OPERATION_FIELDS.has(key) || chosen.includes(key));
    },
    write: (spec) => {
      const values = spec as Readonly<Record<string, unknown>>;
      return {
        pattern: spec.pattern,
        ...Object.fromEntries(typed.map((key) => [key, fields[key].write(values[key])])),
        type: getSpecType(spec),
      };
    },
    usesKernel: (spec) => kernel.some((key) => !registry.isDefault(spec, key)),
    typeFollows: (spec) => registry.isDefault(spec, 'type'),
    followedType: (texts) => {
      const op = fields.op.parse(texts.op ?? '');
      const type = fields.type;
      return op.ok && type.follows ? String(type.follows({ op: op.value, shared: texts.shared ?? '' })) : null;
    },
    declaredType: (texts) => {
      const array = (texts.shared ?? '').trim() === '' ? null : parseSharedArray(texts.shared);
      return array?.ok ? array.value.type : null;
    },
    warnings: (spec) => getSpecWarnings(spec),
    read: (texts, pattern, mask, base) => {
      const errors: EngineError[] = [];
      const read = uses(pattern);
      const spec: Record<string, unknown> = { ...base, pattern, mask };
      for (const key of typed) {
        if (!read.includes(key)) continue;
        const value = fields[key].parse(texts[key] ?? '');
        if (!value.ok) errors.push(value.error);
        else spec[key] = value.value;
      }
      if (mask === 0) errors.push({ field: 'mask', reason: 'at least one lane must be active' });
      if (errors.length > 0) return { spec: null, errors };
      const access = registry.createRequest(spec as Spec);
      if (access.ok) return { spec: spec as Spec, errors };
      // A kind named by a field of its own (a word list) with no lane active is that field's fault.
      const { field, reason } = access.error;
      const blamed = field === 'lanes' ? (registry.getKind(pattern).namedBy ?? field) : field;
      return { spec: null, errors: [{ field: blamed, reason }] };
    },
  };
}
