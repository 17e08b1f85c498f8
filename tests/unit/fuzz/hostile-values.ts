import fc from 'fast-check';

/**
 * Values a hostile caller could put anywhere in a bridge call, whatever the argument's
 * type: each is kept only where the argument's schema refuses it (see schema-arbitraries).
 */

/** One megabyte of text, built once: bigger than any text limit of the contract. */
export const HUGE_TEXT = 'x'.repeat(1_000_000);

/** Strings that break naive code: control and invisible characters, bidi, lone surrogates. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r ',
  '\0',
  'a\0b',
  '\u0007bell',
  '\u001b[31mred',
  '\u200b',
  '\u200b\u200c\u200d\ufeff',
  '\u00ad',
  '\u202eevil',
  'name\u202d',
  '\u2066isolated\u2069',
  '\ud800',
  'a\udc00b',
  '\udfff\ud800',
  '𝕳𝖊𝖑𝖑𝖔',
  'e\u0301\u0301\u0301\u0301',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  "'; DROP TABLE comments; --",
  '<script>alert(1)</script>',
  '${7*7}',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  HUGE_TEXT,
  `${HUGE_TEXT}\ud800`,
];

/** Objects whose own keys are the ones prototype pollution uses. */
export const POLLUTING_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  JSON.parse('{"prototype": {"polluted": true}}'),
  Object.create(null),
];

/** Numbers no argument accepts as they are, or only by accident of range. */
export const HOSTILE_NUMBERS: readonly number[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -1,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -Number.MAX_VALUE,
  1e21,
];

/** Values of the wrong kind altogether. */
export const WRONG_KINDS: readonly unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  1,
  10n,
  Symbol('junk'),
  [],
  [[[[[]]]]],
  {},
  new Date(0),
  new Map([['a', 1]]),
  new Set([1]),
  /regex/,
  new ArrayBuffer(8),
  new DataView(new ArrayBuffer(8)),
  new Uint16Array(4),
  new Float64Array([Number.NaN]),
  { length: 4, 0: 1, 1: 2, 2: 3, 3: 4 },
  { byteLength: 4 },
  { toString: () => 'a string' },
  { valueOf: () => 42 },
  ...POLLUTING_OBJECTS,
];

/** A uuid-shaped string that is not one: right length, wrong characters or layout. */
export const almostUuid = fc
  .uuid()
  .chain((id) =>
    fc.constantFrom(
      id.toUpperCase().replace(/-/g, ''),
      `${id} `,
      ` ${id}`,
      `${id}\n`,
      `${id}\u200b`,
      `{${id}}`,
      id.slice(0, -1),
      `${id}0`,
      id.replace(/-/g, '_'),
      id.replace(/[0-9a-f]/, 'g'),
      `urn:uuid:${id}`,
    ),
  );

/** Deeply nested junk of any shape, including polluting keys. */
export const nestedJunk = fc.anything({
  maxDepth: 4,
  maxKeys: 5,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'then')),
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
});

/** Any value a hostile caller might send where some specific kind is expected. */
export const anyHostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...WRONG_KINDS),
  almostUuid,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  nestedJunk,
);
