import fc from 'fast-check';
import type { AccessRegistry, AnyField, SpecOf } from '../../src/engine';

/**
 * Texts a text field takes, since none can be drawn from its shape: a new text field is named
 * here, or {@link arbitrarySpec} stops saying so.
 */
const TEXTS: Readonly<Record<string, readonly string[]>> = {
  expr: ['lane', 'lane * 33', 'lane / 2', '(lane % 8) * 33 + lane / 8', 'tile[threadIdx.x][threadIdx.y]'],
  block: ['32', '32x8', '8x8x4', '100'],
  shared: ['', 'float tile[32][33]', '__shared__ half tile[8][64];', 'double a[512]'],
  swizzle: ['', '3,3,3', '5,0,5'],
};

/**
 * A field's values, as its own parser reads them from texts drawn from its shape: whole numbers in
 * its range, the choices a form offers, word lists ending with an active lane, masks with a lane.
 */
function arbitraryValue(field: AnyField): fc.Arbitrary<unknown> {
  const { shape } = field;
  const texts =
    shape.kind === 'integer'
      ? fc.integer({ min: shape.min, max: shape.max }).map(String)
      : shape.kind === 'choice'
        ? fc.constantFrom(...(field.choices?.map(([value]) => value) ?? shape.values))
        : shape.kind === 'mask'
          ? fc.integer({ min: 1, max: 0xffffffff }).map((m) => m.toString(16))
          : shape.kind === 'list'
            ? fc
                .array(fc.option(fc.integer({ min: shape.min, max: shape.max }), { nil: null }), {
                  minLength: 1,
                  maxLength: shape.length,
                })
                .filter((entries) => entries.at(-1) !== null)
                .map((entries) => entries.map((e) => (e === null ? '-' : String(e))).join(','))
            : fc.constantFrom(...(TEXTS[field.key] ?? fail(field.key)));
  return texts.map((text) => {
    const value = field.parse(text);
    if (!value.ok) throw new Error(`${field.key}: "${text}" does not parse: ${value.error.reason}`);
    return value.value;
  });
}

function fail(key: string): never {
  throw new Error(`the text field ${key} has no texts to draw from: add some to test/support/arbitrarySpec.ts`);
}

/**
 * Accesses of every kind of `registry`, as a link can carry them: any value of each of the kind's
 * fields; the active lanes as a count or a mask; the kernel's fields all at their defaults, or any
 * of them; every other kind's fields at their defaults (a link does not write them).
 */
export function arbitrarySpec<R extends AccessRegistry>(registry: R): fc.Arbitrary<SpecOf<R['kinds']>> {
  const fields = registry.fields as Readonly<Record<string, AnyField>>;
  const record = (keys: readonly string[]) =>
    fc.record(Object.fromEntries(keys.map((key) => [key, arbitraryValue(fields[key])])));
  const lanes = fc.oneof(
    arbitraryValue(fields.lanes).map((n) => ({ lanes: n, mask: null })),
    arbitraryValue(fields.mask).map((mask) => ({ mask })),
  );
  const kernel = fc.oneof(fc.constant({}), record(registry.kernelKeys));
  return fc
    .constantFrom(...registry.kinds)
    .chain((kind) => fc.tuple(fc.constant(kind.id), record(kind.fields.map((f) => f.key)), lanes, kernel))
    .map(([pattern, own, active, kernelValues]) =>
      registry.createSpec({ ...own, ...active, ...kernelValues, pattern } as Partial<SpecOf<R['kinds']>>),
    );
}
