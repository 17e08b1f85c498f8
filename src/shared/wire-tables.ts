/**
 * A compact form for long lists of like objects (a page's comments): a list of at least
 * `MIN_ROWS` plain objects that all have the same keys becomes one table of columns,
 * `{ "$table": [keys, rows, ...columns] }`, and each column takes the shortest of a few
 * encodings. Keys are written once instead of once per object; a column whose values are
 * all the same is one value; repeated strings (reviewer ids, tags, statuses) are a
 * dictionary and indices; ISO times are milliseconds from the column's earliest;
 * booleans are 0 and 1; nested objects (positions) are tables themselves, and nested
 * lists (replies) are one table of all their items with each row's count.
 *
 * `unpackTables` gives back objects equal to the ones packed. It checks every part of a
 * table and throws a SyntaxError on anything malformed, as a transport's decoder should.
 */

/** Lists shorter than this stay as they are: a table's header would cost more than it saves. */
export const MIN_ROWS = 8;
/**
 * Most rows a table may claim. A repeated value costs no bytes per row, so without a cap
 * a few bytes could ask for any number of rows; a million is far past any page's comments.
 */
export const MAX_ROWS = 1_000_000;

const TABLE = '$table';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Column encodings, each an array led by its kind. */
const PLAIN = 0; // [0, values]
const SAME = 1; // [1, value]
const DICTIONARY = 2; // [2, distinct strings, index of each row's]
const TIMES = 3; // [3, earliest ms, ms after it of each row's]
const BOOLEANS = 4; // [4, 0 or 1 of each row's]
const OBJECTS = 5; // [5, table of the rows' objects]
const LISTS = 6; // [6, length of each row's list, the lists' items one after another]

type Plain = Record<string, unknown>;

/** What a transport does with values JSON cannot carry as they are. */
export interface PackHooks {
  /** Byte arrays, wherever they are, become what this returns. */
  bytes?: (bytes: Uint8Array) => unknown;
}

/** What a transport reads back from its own objects. */
export interface UnpackHooks {
  /** Called on every plain object (not a table) once its own values are read back. */
  object?: (object: Plain) => unknown;
}

/** An object literal's kind: not a list, bytes, a Date or anything else with a toJSON. */
function isPlainObject(v: unknown): v is Plain {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The keys all `rows` share, or null if they are not all plain objects with the same keys. */
function sharedKeys(rows: readonly unknown[]): string[] | null {
  const first = rows[0];
  if (!isPlainObject(first)) return null;
  const keys = Object.keys(first);
  // Read back, a `__proto__` key would be set as a prototype: such lists stay as they are.
  if (keys.includes('__proto__')) return null;
  for (const row of rows) {
    if (!isPlainObject(row)) return null;
    const own = Object.keys(row);
    if (own.length !== keys.length) return null;
    for (const key of keys) {
      // An undefined value is no key at all in JSON: a table would bring it back as null.
      if (!Object.hasOwn(row, key) || row[key] === undefined) return null;
    }
  }
  return keys;
}

function packColumn(values: unknown[], hooks: PackHooks): unknown[] {
  const first = values[0];
  if (values.every((v) => v === first && (typeof v !== 'object' || v === null))) {
    return [SAME, first];
  }
  if (values.every((v) => typeof v === 'boolean')) return [BOOLEANS, values.map(Number)];
  if (values.every((v) => typeof v === 'string')) {
    const strings = values as string[];
    if (strings.every((s) => ISO.test(s))) {
      const ms = strings.map((s) => Date.parse(s));
      if (ms.every((t, i) => Number.isFinite(t) && new Date(t).toISOString() === strings[i])) {
        const earliest = ms.reduce((a, b) => Math.min(a, b));
        return [TIMES, earliest, ms.map((t) => t - earliest)];
      }
    }
    // A dictionary pays once it holds at most half as many strings as the column.
    const index = new Map<string, number>();
    const indices: number[] = [];
    for (let r = 0; r < strings.length; r++) {
      let i = index.get(strings[r]!);
      if (i === undefined) {
        if (index.size * 2 >= strings.length) return [PLAIN, strings];
        index.set(strings[r]!, (i = index.size));
      }
      indices.push(i);
    }
    return [DICTIONARY, [...index.keys()], indices];
  }
  if (sharedKeys(values)) return [OBJECTS, packRows(values as Plain[], hooks)];
  if (values.every(Array.isArray)) {
    const lists = values as unknown[][];
    return [LISTS, lists.map((l) => l.length), packTables(lists.flat(), hooks)];
  }
  return [PLAIN, values.map((v) => packTables(v, hooks))];
}

function packRows(rows: readonly Plain[], hooks: PackHooks): unknown {
  const keys = Object.keys(rows[0]!);
  const columns = keys.map((key) =>
    packColumn(
      rows.map((row) => row[key]),
      hooks,
    ),
  );
  return { [TABLE]: [keys, rows.length, ...columns] };
}

/** `value` with every long list of like objects in it made a table (see the module's note). */
export function packTables(value: unknown, hooks: PackHooks = {}): unknown {
  if (Array.isArray(value)) {
    if (value.length >= MIN_ROWS && sharedKeys(value)) return packRows(value as Plain[], hooks);
    return value.map((v) => packTables(v, hooks));
  }
  if (isPlainObject(value)) {
    const out: Plain = {};
    for (const [key, v] of Object.entries(value)) setOwn(out, key, packTables(v, hooks));
    return out;
  }
  if (value instanceof Uint8Array && hooks.bytes) return hooks.bytes(value);
  return value;
}

/** Sets an own property, even one named `__proto__` (plain assignment would set the prototype). */
function setOwn(object: Plain, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    object[key] = value;
  }
}

const malformed = (why: string): never => {
  throw new SyntaxError(`Malformed table: ${why}.`);
};

function numbers(value: unknown, rows: number, what: string): number[] {
  if (!Array.isArray(value) || value.length !== rows) malformed(`${what} of the wrong length`);
  for (const n of value as unknown[]) {
    if (typeof n !== 'number' || !Number.isFinite(n)) malformed(`${what} that are not numbers`);
  }
  return value as number[];
}

function unpackColumn(column: unknown, rows: number, hooks: UnpackHooks): unknown[] {
  if (!Array.isArray(column)) return malformed('a column that is not a list');
  const [kind, a, b] = column as unknown[];
  switch (kind) {
    case PLAIN:
      if (!Array.isArray(a) || a.length !== rows) return malformed('a column of the wrong length');
      return a.map((v) => unpackTables(v, hooks));
    case SAME:
      if (typeof a === 'object' && a !== null) return malformed('a repeated value not plain');
      return Array.from({ length: rows }, () => a);
    case DICTIONARY: {
      if (!Array.isArray(a) || !a.every((s) => typeof s === 'string'))
        return malformed('a dictionary that is not strings');
      return numbers(b, rows, 'indices').map((i) =>
        Number.isInteger(i) && i >= 0 && i < a.length ? a[i] : malformed('an index out of range'),
      );
    }
    case TIMES: {
      if (typeof a !== 'number' || !Number.isFinite(a)) return malformed('a time base');
      return numbers(b, rows, 'times').map((t) => {
        const date = new Date(a + t);
        return Number.isNaN(date.getTime()) ? malformed('an impossible time') : date.toISOString();
      });
    }
    case BOOLEANS:
      return numbers(a, rows, 'booleans').map((n) =>
        n === 1 ? true : n === 0 ? false : malformed('a boolean that is not 0 or 1'),
      );
    case OBJECTS: {
      const objects = unpackTables(a, hooks);
      if (!Array.isArray(objects) || objects.length !== rows)
        malformed('objects of the wrong count');
      return objects as unknown[];
    }
    case LISTS: {
      const lengths = numbers(a, rows, 'list lengths');
      const items = unpackTables(b, hooks);
      if (!Array.isArray(items)) return malformed('list items that are not a list');
      let at = 0;
      const lists = lengths.map((n) => {
        if (!Number.isInteger(n) || n < 0 || at + n > items.length) malformed('a list length');
        return items.slice(at, (at += n));
      });
      if (at !== items.length) malformed('list items left over');
      return lists;
    }
    default:
      return malformed('an unknown column kind');
  }
}

function unpackTable(parts: unknown, hooks: UnpackHooks): Plain[] {
  if (!Array.isArray(parts)) return malformed('no parts');
  const [keys, rows, ...columns] = parts as unknown[];
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string'))
    return malformed('keys that are not strings');
  if (new Set(keys).size !== keys.length || keys.includes('__proto__'))
    return malformed('repeated or forbidden keys');
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 0 || rows > MAX_ROWS)
    return malformed('a row count');
  if (columns.length !== keys.length) return malformed('as many columns as keys');
  const values = columns.map((column) => unpackColumn(column, rows, hooks));
  const out: Plain[] = [];
  for (let r = 0; r < rows; r++) {
    const row: Plain = {};
    for (let k = 0; k < keys.length; k++) row[keys[k] as string] = values[k]![r];
    out.push(row);
  }
  return out;
}

/**
 * The inverse of `packTables`, for a value just parsed from JSON (it is changed in place);
 * throws a SyntaxError on a malformed table.
 */
export function unpackTables(value: unknown, hooks: UnpackHooks = {}): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'object' && v !== null) value[i] = unpackTables(v, hooks);
    }
    return value;
  }
  if (isPlainObject(value)) {
    if (Object.hasOwn(value, TABLE)) {
      if (Object.keys(value).length !== 1) malformed('a table with other keys');
      return unpackTable(value[TABLE], hooks);
    }
    // Freshly parsed, so changed in place: an own `__proto__` key stays an own key.
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (typeof v === 'object' && v !== null) value[key] = unpackTables(v, hooks);
    }
    return hooks.object ? hooks.object(value) : value;
  }
  return value;
}
