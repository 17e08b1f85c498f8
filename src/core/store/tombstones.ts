import type { DatabaseSync } from 'node:sqlite';
import { cached } from './statements.ts';
import type { TombstoneRow } from './record-rows.ts';

/**
 * Deletions and records kept but not shown. A tombstone is kept forever, so a deleted
 * record never comes back whatever older copy arrives later, and a deleted comment keeps
 * its pin number. Comments on a deleted page and replies to a deleted comment belong to
 * their authors, who did not delete them: they are kept, as records, out of sight, and
 * travel on in packages.
 */

/** What `kept_records` may hold. */
export type KeptKind = 'comment' | 'reply' | 'status';

/** Writes a tombstone (replacing an older one of the same id). */
export function writeTombstone(db: DatabaseSync, row: TombstoneRow): void {
  cached(
    db,
    `INSERT INTO tombstones (id, design_id, kind, author, page_id, number, created_hlc,
       updated_hlc, sig) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET updated_hlc = excluded.updated_hlc, sig = excluded.sig,
       author = excluded.author, created_hlc = excluded.created_hlc,
       page_id = excluded.page_id`,
  ).run(
    row.id,
    row.design_id,
    row.kind,
    row.author,
    row.page_id,
    row.number,
    row.created_hlc,
    row.updated_hlc,
    row.sig,
  );
}

/** A design's tombstones. */
export function listTombstones(db: DatabaseSync, designId: string): TombstoneRow[] {
  return cached(db, 'SELECT * FROM tombstones WHERE design_id = ?').all(
    designId,
  ) as unknown as TombstoneRow[];
}

/** Keeps a record out of sight (replacing a kept one of the same kind and id). */
export function keepRecord(
  db: DatabaseSync,
  designId: string,
  kind: KeptKind,
  record: { id: string },
): void {
  cached(
    db,
    `INSERT INTO kept_records (id, design_id, kind, record) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET record = excluded.record`,
  ).run(record.id, designId, kind, JSON.stringify(record));
}

/** Drops a kept record (a newer version replaced it, or a tombstone ended it). */
export function dropKeptRecord(db: DatabaseSync, kind: KeptKind, id: string): void {
  cached(db, 'DELETE FROM kept_records WHERE kind = ? AND id = ?').run(kind, id);
}

/** A design's kept records of one kind, as stored. */
export function listKeptRecords<T>(db: DatabaseSync, designId: string, kind: KeptKind): T[] {
  const rows = cached(db, 'SELECT record FROM kept_records WHERE design_id = ? AND kind = ?').all(
    designId,
    kind,
  ) as { record: string }[];
  return rows.map((row) => JSON.parse(row.record) as T);
}

/**
 * The number the next comment made on this machine gets on a page: one past the highest,
 * deleted comments included. It is the comment's place in creation order, because this
 * device's clock stamps it later than every comment it has seen.
 */
export function nextPinNumber(db: DatabaseSync, pageId: string): number {
  const row = cached(
    db,
    `SELECT MAX(n) AS n FROM (
       SELECT MAX(number) AS n FROM comments WHERE page_id = ?1
       UNION ALL SELECT MAX(number) FROM tombstones WHERE page_id = ?1 AND kind = 'comment')`,
  ).get(pageId) as { n: number | null };
  return (row.n ?? 0) + 1;
}

/**
 * Numbers the comments of each page again in creation order (created stamp, then id),
 * deleted comments included, after a merge brought comments made elsewhere. Every machine
 * holding the same comments gets the same numbers.
 */
export function renumberPages(db: DatabaseSync, pageIds: Iterable<string>): void {
  const all = cached(
    db,
    `SELECT id, created_hlc, number, 0 AS gone FROM comments WHERE page_id = ?1
     UNION ALL SELECT id, created_hlc, number, 1 FROM tombstones
       WHERE page_id = ?1 AND kind = 'comment'`,
  );
  const live = cached(db, 'UPDATE comments SET number = ? WHERE id = ?');
  const gone = cached(db, 'UPDATE tombstones SET number = ? WHERE id = ?');
  for (const pageId of pageIds) {
    const rows = all.all(pageId) as {
      id: string;
      created_hlc: string;
      number: number | null;
      gone: number;
    }[];
    rows.sort((a, b) =>
      a.created_hlc !== b.created_hlc
        ? a.created_hlc < b.created_hlc
          ? -1
          : 1
        : a.id < b.id
          ? -1
          : a.id > b.id
            ? 1
            : 0,
    );
    rows.forEach((row, index) => {
      if (row.number !== index + 1) (row.gone ? gone : live).run(index + 1, row.id);
    });
  }
}
