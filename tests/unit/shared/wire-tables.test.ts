import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ROWS, MIN_ROWS, packTables, unpackTables } from '../../../src/shared/wire-tables.ts';
import { decodeWire, encodeWire } from '../../../src/shared/wire.ts';

/** What JSON itself makes of a value: the round trip a table must match. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const roundTrip = (value: unknown): unknown => unpackTables(viaJson(packTables(value)));

const comment = (i: number, replies: unknown[] = []) => ({
  id: `0190b6a0-0000-7000-8000-${String(i).padStart(12, '0')}`,
  contents: `Comment number ${i}, with "quotes" and ünïcode ✓`,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 61_000).toISOString(),
  reviewerId: `reviewer-${i % 3}`,
  pageId: 'page-1',
  tag: i % 2 ? 'nav' : 'footer',
  position: { x: (i * 7.31) % 100, y: (i * 3.7) % 100, page: 'page-1' },
  status: i % 5 ? 'open' : 'resolved',
  number: i + 1,
  unread: i % 4 === 0,
  replies,
});

describe('wire tables', () => {
  it('packs a page of comments into columns and reads back equal objects', () => {
    const reply = (i: number, j: number) => ({
      id: `r${i}-${j}`,
      commentId: `c${i}`,
      reviewerId: 'reviewer-1',
      contents: `Reply ${j}`,
      created_at: new Date(Date.UTC(2026, 1, 1) + j).toISOString(),
      unread: false,
    });
    const comments = Array.from({ length: 200 }, (_, i) =>
      comment(
        i,
        Array.from({ length: i % 3 }, (_, j) => reply(i, j)),
      ),
    );
    const packed = packTables({ ok: true, value: comments });
    const text = JSON.stringify(packed);
    expect(text.length).toBeLessThan(JSON.stringify(comments).length / 2);
    // Keys once, not once per comment; one page id; the reviewers as a dictionary.
    expect(text.match(/"reviewerId"/g)).toHaveLength(2); // the comments' and the replies'
    expect(text.match(/"page-1"/g)).toHaveLength(2); // pageId and position.page
    expect(unpackTables(JSON.parse(text))).toEqual({ ok: true, value: comments });
  });

  it('leaves short lists, unlike objects and lists with undefined values as they are', () => {
    const short = Array.from({ length: MIN_ROWS - 1 }, (_, i) => comment(i));
    expect(packTables(short)).toEqual(short);
    const unlike = Array.from({ length: 20 }, (_, i) => (i === 7 ? { other: 1 } : { a: i }));
    expect(packTables(unlike)).toEqual(unlike);
    // Samples have no pin number: a list that mixes both is not a table, and reads back.
    const mixed = Array.from({ length: 20 }, (_, i) => {
      const { number, ...rest } = comment(i);
      return i % 2 ? rest : { ...rest, number };
    });
    expect(roundTrip(mixed)).toEqual(mixed);
    const withUndefined = Array.from({ length: 20 }, (_, i) => ({ a: i, b: undefined }));
    expect(roundTrip(withUndefined)).toEqual(viaJson(withUndefined));
  });

  it('reads back what JSON would, for any list of like records', () => {
    const value = fc.oneof(
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom('a', 'b'),
      fc.array(fc.record({ k: fc.integer(), s: fc.string() }), { maxLength: 12 }),
      fc.record({ x: fc.integer(), y: fc.constantFrom('p', 'q') }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(value, { minLength: 1, maxLength: 6 }),
        (keys, rows, pool) => {
          const list = Array.from({ length: rows }, (_, r) =>
            Object.fromEntries(keys.map((k, i) => [k, pool[(r * (i + 1)) % pool.length]])),
          );
          expect(roundTrip({ list })).toEqual(viaJson({ list }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps an own key named __proto__ an own key, never the prototype', () => {
    const rows = Array.from({ length: 10 }, () => JSON.parse('{"__proto__": {"polluted": 1}}'));
    const back = roundTrip(rows) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(back[0])).toBe(Object.prototype);
    expect(Object.hasOwn(back[0]!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses malformed tables with a SyntaxError', () => {
    const bad = [
      { $table: 'no' },
      { $table: [['a'], 2, [0, [1]]] }, // a column shorter than the rows
      { $table: [['a', 'b'], 1, [0, [1]]] }, // fewer columns than keys
      { $table: [['a', 'a'], 1, [0, [1]], [0, [2]]] }, // a repeated key
      { $table: [['__proto__'], 1, [0, [{ polluted: 1 }]]] },
      { $table: [['a'], MAX_ROWS + 1, [1, 0]] }, // rows that cost no bytes
      { $table: [['a'], 1.5, [1, 0]] },
      { $table: [['a'], 1, [2, ['x'], [1]]] }, // an index out of range
      { $table: [['a'], 1, [2, [1], [0]]] }, // a dictionary of numbers
      { $table: [['a'], 1, [3, 0, ['1']]] }, // a time that is not a number
      { $table: [['a'], 1, [3, 8.64e15, [1]]] }, // an impossible time
      { $table: [['a'], 1, [4, [2]]] }, // a boolean that is not 0 or 1
      { $table: [['a'], 1, [6, [2], [1]]] }, // a list longer than the items
      { $table: [['a'], 1, [6, [0], [1]]] }, // items left over
      { $table: [['a'], 1, [9, []]] }, // an unknown kind
      { $table: [['a'], 1, [1, { x: 1 }]] }, // a repeated object
      { $table: [['a'], 0], other: 1 },
    ];
    for (const table of bad) {
      expect(() => unpackTables(viaJson(table)), JSON.stringify(table)).toThrow(SyntaxError);
    }
  });

  it('carries tables over the wire only when asked, with bytes in them intact', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ i, data: new Uint8Array([i, 255]) }));
    const plain = encodeWire({ rows });
    expect(plain).not.toContain('$table');
    const tables = encodeWire({ rows }, { tables: true });
    expect(tables).toContain('$table');
    expect(decodeWire(tables, { tables: true })).toEqual(decodeWire(plain));
    expect(
      (decodeWire(tables, { tables: true }) as typeof rows & { rows: unknown[] }).rows,
    ).toEqual(rows);
    // A client that did not ask reads a table as the plain object it is.
    expect(decodeWire(tables)).toHaveProperty('rows.$table');
  });
});
