import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { CSV_COLUMNS, neutraliseFormula, reportCsv, toCsv } from '../../../../src/core/reports/csv.ts';
import { HOSTILE_TEXTS, modelWith, reportComment } from './fixtures.ts';

describe('CSV', () => {
  test('follows RFC 4180: BOM, CRLF line ends, every field quoted, quotes doubled', () => {
    const csv = toCsv([
      ['a', 'b"c'],
      ['d,e', 'f\ng'],
    ]);
    expect(csv).toBe('\uFEFF"a","b""c"\r\n"d,e","f\ng"\r\n');
  });

  test.each(['=1+1', '+1', '-1', '@x', '\tx', '\rx'])('neutralises a formula start: %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  test('leaves other cells alone', () => {
    for (const cell of ['', 'text', ' =1', "'quoted", '1-2']) expect(neutraliseFormula(cell)).toBe(cell);
  });

  test('a CSV library reads every field back, hostile texts included', async () => {
    const comments = HOSTILE_TEXTS.map((text, i) =>
      reportComment({
        number: i + 1,
        contents: text,
        author: HOSTILE_TEXTS[(i + 3) % HOSTILE_TEXTS.length]!,
        replies: [
          {
            author: 'Jun "JP" Park',
            role: 'peer',
            createdAt: '2026-11-21T08:00:00.000Z',
            contents: HOSTILE_TEXTS[(i + 7) % HOSTILE_TEXTS.length]!,
          },
        ],
      }),
    );
    const model = await modelWith(comments);
    const rows = parse(reportCsv(model), { bom: true, relax_quotes: false }) as string[][];
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(comments.length + 1);
    comments.forEach((c, i) => {
      const row = rows[i + 1]!;
      const expected = [
        'Checkout redesign',
        'Cart',
        String(c.number),
        c.tag,
        c.status,
        c.author,
        c.role ?? '',
        c.createdAt,
        c.contents,
        `Jun "JP" Park (2026-11-21T08:00:00.000Z): ${c.replies[0]!.contents}`,
        c.x.toFixed(2),
        c.y.toFixed(2),
      ].map(neutraliseFormula);
      expect(row).toEqual(expected);
    });
    // No cell a spreadsheet would run survives unneutralised.
    for (const row of rows.slice(1)) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
