import type { ReportModel } from './report-model.ts';

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises a cell a spreadsheet would run as a formula by putting an apostrophe in
 * front, which spreadsheets show as text and do not display.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Quotes one field per RFC 4180: always quoted, with inner quotes doubled. */
function quote(cell: string): string {
  return `"${cell.replaceAll('"', '""')}"`;
}

/**
 * Writes rows as RFC 4180 CSV: CRLF line ends, every field quoted, quotes doubled,
 * formulas neutralised, and a UTF-8 byte-order mark so spreadsheets read the encoding.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((row) => row.map((cell) => quote(neutraliseFormula(cell))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV header, one column per field of a comment. */
export const CSV_COLUMNS = [
  'Design',
  'Page',
  'Number',
  'Tag',
  'Status',
  'Author',
  'Role',
  'Created',
  'Comment',
  'Replies',
  'X %',
  'Y %',
] as const;

/**
 * One row per comment, for issue trackers. Replies go in one column, one per line, as
 * "Name (time): text".
 */
export function reportCsv(model: ReportModel): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const page of model.pages) {
    for (const c of page.comments) {
      rows.push([
        model.design.name,
        page.name,
        String(c.number),
        c.tag,
        c.status,
        c.author,
        c.role ?? '',
        c.createdAt,
        c.contents,
        c.replies.map((r) => `${r.author} (${r.createdAt}): ${r.contents}`).join('\n'),
        c.x.toFixed(2),
        c.y.toFixed(2),
      ]);
    }
  }
  return toCsv(rows);
}
