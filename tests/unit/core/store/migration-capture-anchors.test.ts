import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateTo, schemaVersion } from '../../../../src/core/store/migrations.ts';

/*
 * The capture-anchors migration (v5CaptureAnchors): its number is wherever it stands in
 * MIGRATIONS, so the test finds it by name and runs the database up to the one before.
 */
const VERSION = MIGRATIONS.findIndex((m) => m.name === 'v5CaptureAnchors') + 1;

let dbs: DatabaseSync[] = [];
afterEach(() => {
  for (const db of dbs) db.close();
  dbs = [];
});

const AT = '2025-01-02T03:04:05.123Z';

/** A database one version before, with a page and a comment on it. */
function before(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  dbs.push(db);
  db.exec('PRAGMA foreign_keys = ON');
  migrateTo(db, VERSION - 1);
  db.prepare('INSERT INTO designs (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
    'd1',
    'Shop',
    AT,
    AT,
  );
  db.prepare(
    `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
       thumb_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run('p1', 'd1', 'home', 0, 'a'.repeat(64), 'png', 10, 10, 'b'.repeat(64), AT, AT);
  db.prepare('INSERT INTO reviewers (id, name, role, created_at) VALUES (?, ?, ?, ?)').run(
    'r1',
    'Ada',
    'peer',
    AT,
  );
  db.prepare(
    `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y,
       created_at, updated_at) VALUES ('c1', 'd1', 'p1', 'r1', 'nav', 'x', 1, 2, ?, ?)`,
  ).run(AT, AT);
  return db;
}

describe('migration v5CaptureAnchors: captured pages and element anchors', () => {
  it('is version 5, and existing pages and comments get no source and no anchor', () => {
    expect(VERSION).toBe(5);
    const db = before();
    migrateTo(db, VERSION);
    expect(schemaVersion(db)).toBe(VERSION);
    expect(
      db.prepare('SELECT source_address, source_width, capture_note FROM pages').get(),
    ).toEqual({ source_address: null, source_width: null, capture_note: null });
    expect(
      db
        .prepare(
          `SELECT anchor_selector, anchor_x, anchor_y, anchor_gone, shown_x, shown_y, shown_for
           FROM comments`,
        )
        .get(),
    ).toEqual({
      anchor_selector: null,
      anchor_x: null,
      anchor_y: null,
      anchor_gone: 0,
      shown_x: null,
      shown_y: null,
      shown_for: null,
    });
  });

  it('finds a design’s page by its source from an index', () => {
    const db = before();
    migrateTo(db, VERSION);
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id FROM pages
           WHERE design_id = ? AND source_address = ? AND source_width = ?`,
        )
        .all('d1', 'https://a.test/', 1440) as { detail: string }[]
    ).map((s) => s.detail);
    expect(plan.join()).toContain('pages_by_source');
  });

  it('refuses widths, offsets, flags and positions out of range', () => {
    const db = before();
    migrateTo(db, VERSION);
    const bad = [
      "UPDATE pages SET source_width = 199 WHERE id = 'p1'",
      "UPDATE pages SET source_width = 3601 WHERE id = 'p1'",
      "UPDATE comments SET anchor_x = 1.5 WHERE id = 'c1'",
      "UPDATE comments SET anchor_y = -0.1 WHERE id = 'c1'",
      "UPDATE comments SET anchor_gone = 2 WHERE id = 'c1'",
      "UPDATE comments SET shown_x = 101 WHERE id = 'c1'",
      "UPDATE comments SET shown_y = -1 WHERE id = 'c1'",
    ];
    for (const sql of bad) expect(() => db.exec(sql), sql).toThrow(/CHECK constraint/);
    db.exec(
      `UPDATE pages SET source_address = 'https://a.test/', source_width = 390 WHERE id = 'p1';
       UPDATE comments SET anchor_selector = '#nav', anchor_x = 0, anchor_y = 1, anchor_gone = 1,
         shown_x = 0, shown_y = 100, shown_for = 'x' WHERE id = 'c1';`,
    );
    expect(db.prepare('SELECT anchor_gone FROM comments').get()).toEqual({ anchor_gone: 1 });
  });
});
