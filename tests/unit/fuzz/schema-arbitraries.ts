import fc from 'fast-check';
import type { z } from 'zod';
import { LIMITS } from '../../../src/shared/limits.ts';
import { HOSTILE_NUMBERS, WRONG_KINDS, almostUuid, anyHostileValue } from './hostile-values.ts';

/**
 * Builds fast-check generators from the contract's zod schemas, so every channel, and
 * every channel added later, is fuzzed without writing anything for it. A schema kind
 * this file does not know throws, so no argument is ever silently left out.
 */

/** What valid values of some argument kinds are made of, from the seeded data folder. */
export interface ArbitraryContext {
  /** Real, small images: the only valid value of a bytes argument. */
  images: readonly Uint8Array[];
  /** Schema-valid ids that name nothing, though they resemble seeded ones (case changed). */
  lookalikeIds: readonly string[];
}

/** Generators of one argument: schema-valid values, schema-invalid ones, and whether it is an id. */
export interface ArgumentArbitraries {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
  /** True when a valid value names a record (a uuid), here or inside. */
  namesRecord: boolean;
}

type AnySchema = z.ZodType & {
  _zod: { def: { type: string; [key: string]: unknown } };
  [key: string]: unknown;
};

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Keeps only what the schema accepts (valid) or refuses (invalid). */
function split(
  schema: z.ZodType,
  validPool: fc.Arbitrary<unknown>,
  invalidPool: fc.Arbitrary<unknown>,
  namesRecord = false,
): ArgumentArbitraries {
  return {
    valid: validPool.filter((v) => accepts(schema, v)),
    invalid: fc.oneof(invalidPool, anyHostileValue).filter((v) => !accepts(schema, v)),
    namesRecord,
  };
}

function stringArbitraries(schema: AnySchema, ctx: ArbitraryContext): ArgumentArbitraries {
  if (schema.format === 'uuid') {
    const valid = ctx.lookalikeIds.length
      ? fc.oneof(fc.uuid(), fc.constantFrom(...ctx.lookalikeIds))
      : fc.uuid();
    return split(schema, valid, almostUuid, true);
  }
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 100_000;
  const tooLong = fc.integer({ min: 1, max: 64 }).map((k) => 'y'.repeat(max + k));
  // Hostile but possibly legal text: invisible, bidi and astral characters inside words.
  const odd = fc.constantFrom('\u202e', '\u2066', '\u200b', '\u00ad', '𝕳', 'e\u0301', '\ud800');
  const validPool = fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }),
    fc
      .tuple(fc.string({ maxLength: 10 }), odd, fc.string({ minLength: 1, maxLength: 10 }))
      .map((parts) => parts.join('')),
    fc.integer({ min: 0, max: 64 }).map((k) => `a${' '.repeat(max + k)}`),
  );
  return split(schema, validPool, fc.oneof(tooLong, fc.constant(' '.repeat(max + 1))));
}

function numberArbitraries(schema: AnySchema): ArgumentArbitraries {
  const min = typeof schema.minValue === 'number' ? schema.minValue : -1e9;
  const max = typeof schema.maxValue === 'number' ? schema.maxValue : 1e9;
  const validPool = schema.isInt
    ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const outside = fc.oneof(
    fc.double({ max: min, maxExcluded: true, noNaN: true }),
    fc.double({ min: max, minExcluded: true, noNaN: true }),
    fc.double({ min, max, noNaN: true }).map((x) => x + 0.5),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(String(min), String(max), '1', ''),
  );
  return split(schema, validPool, outside);
}

function enumArbitraries(schema: AnySchema): ArgumentArbitraries {
  const options = (schema.options as string[]).map(String);
  const near = fc
    .constantFrom(...options)
    .chain((o) =>
      fc.constantFrom(o.toUpperCase(), ` ${o}`, `${o}\u200b`, `${o}s`, o.slice(1), `\u202e${o}`),
    );
  return split(schema, fc.constantFrom(...options), near);
}

/** Sets an own, enumerable property, even `__proto__`, as JSON.parse would. */
function withOwn(object: object, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object } as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function objectArbitraries(schema: AnySchema, ctx: ArbitraryContext): ArgumentArbitraries {
  const shape = schema.shape as Record<string, AnySchema>;
  const keys = Object.keys(shape);
  const fields = Object.fromEntries(keys.map((k) => [k, arbitrariesFor(shape[k]!, ctx)]));
  const required = keys.filter((k) => !accepts(shape[k]!, undefined));
  const validModel = Object.fromEntries(keys.map((k) => [k, fields[k]!.valid]));
  const valid = fc.record(validModel, { requiredKeys: required });
  const invalidPool = fc.oneof(
    // One field wrong, the rest right.
    fc
      .constantFrom(...keys)
      .chain((k) =>
        fc.tuple(valid, fields[k]!.invalid).map(([object, bad]) => withOwn(object, k, bad)),
      ),
    // A required field missing.
    ...(required.length
      ? [
          fc.tuple(valid, fc.constantFrom(...required)).map(([object, k]) => {
            const copy: Record<string, unknown> = { ...object };
            delete copy[k];
            return copy;
          }),
        ]
      : []),
    // An unknown key, polluting or not.
    fc
      .tuple(
        valid,
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'reviewerId', 'author'),
          fc.string({ minLength: 1, maxLength: 12 }),
        ),
        anyHostileValue,
      )
      .map(([object, k, value]) => withOwn(object, k, value)),
  );
  return split(
    schema,
    valid,
    invalidPool,
    Object.values(fields).some((f) => f.namesRecord),
  );
}

function wrapped(
  schema: AnySchema,
  ctx: ArbitraryContext,
  empty: undefined | null,
): ArgumentArbitraries {
  const inner = arbitrariesFor(schema._zod.def.innerType as AnySchema, ctx);
  return split(schema, fc.oneof(fc.constant(empty), inner.valid), inner.invalid, inner.namesRecord);
}

let oversizedBytes: Uint8Array | undefined;
/** One byte over the file limit, allocated once and shared. */
const oversized = () => (oversizedBytes ??= new Uint8Array(LIMITS.imageBytes + 1));

function customArbitraries(schema: AnySchema, ctx: ArbitraryContext): ArgumentArbitraries {
  // The only custom argument kind today is a file's bytes; anything else has no generator.
  if (!accepts(schema, new Uint8Array([1])) || accepts(schema, 'text')) {
    throw new Error('No generator for a custom argument that is not bytes; add one.');
  }
  const invalidPool = fc.oneof(
    fc.constantFrom(...WRONG_KINDS),
    fc.constant(null).map(() => oversized()),
    fc.constantFrom(...ctx.images).map((image) => Array.from(image.subarray(0, 64))),
    fc.constantFrom(...ctx.images).map((image) => image.buffer.slice(0)),
    fc.uint8Array({ maxLength: 64 }).map((b) => ({ ...b })),
  );
  return split(schema, fc.constantFrom(...ctx.images), invalidPool);
}

/** An array's length bounds, read from its zod checks. */
function lengthBounds(schema: AnySchema): { min: number; max: number } {
  const checks = (schema._zod.def.checks ?? []) as {
    _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } };
  }[];
  let min = 0;
  let max = 100_000;
  for (const { _zod } of checks) {
    const { check, minimum, maximum, length } = _zod.def;
    if (check === 'min_length' && minimum !== undefined) min = minimum;
    if (check === 'max_length' && maximum !== undefined) max = maximum;
    if (check === 'length_equals' && length !== undefined) min = max = length;
  }
  return { min, max };
}

function arrayArbitraries(schema: AnySchema, ctx: ArbitraryContext): ArgumentArbitraries {
  const element = arbitrariesFor(schema._zod.def.element as AnySchema, ctx);
  const { min, max } = lengthBounds(schema);
  const valid = fc.array(element.valid, { minLength: min, maxLength: Math.min(max, min + 5) });
  const invalidPool = fc.oneof(
    // One element wrong among right ones.
    fc.tuple(valid, element.invalid, fc.nat()).map(([items, bad, at]) => {
      const copy = [...items];
      copy.splice(at % (copy.length + 1), 0, bad);
      return copy;
    }),
    // One more element than allowed, and one fewer.
    element.valid.map((item) => Array.from({ length: max + 1 }, () => item)),
    ...(min > 0 ? [element.valid.map((item) => Array.from({ length: min - 1 }, () => item))] : []),
    // Holes, and objects that only look like arrays.
    fc.integer({ min: 1, max: 3 }).map((n) => {
      const sparse: unknown[] = [];
      sparse.length = n;
      return sparse;
    }),
    element.valid.map((item) => ({ 0: item, length: 1 })),
    fc.constantFrom(...WRONG_KINDS),
  );
  return split(schema, valid, invalidPool, element.namesRecord);
}

/** The generators of one argument, from its schema. Throws for a kind with no generator. */
export function arbitrariesFor(schema: z.ZodType, ctx: ArbitraryContext): ArgumentArbitraries {
  const s = schema as AnySchema;
  switch (s._zod.def.type) {
    case 'string':
      return stringArbitraries(s, ctx);
    case 'number':
      return numberArbitraries(s);
    case 'enum':
      return enumArbitraries(s);
    case 'object':
      return objectArbitraries(s, ctx);
    case 'optional':
    case 'default':
      return wrapped(s, ctx, undefined);
    case 'nullable':
      return wrapped(s, ctx, null);
    case 'custom':
      return customArbitraries(s, ctx);
    case 'array':
      return arrayArbitraries(s, ctx);
    case 'pipe': {
      // A checked transform (the text rule): generate for its input, judge by the whole.
      const inner = arbitrariesFor(s._zod.def.in as AnySchema, ctx);
      return split(s, inner.valid, inner.invalid, inner.namesRecord);
    }
    default:
      throw new Error(`No generator for a ${s._zod.def.type} argument; add one.`);
  }
}
