import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, schemaVersion } from '../../../../src/core/store/migrations.ts';

let dbs: DatabaseSync[] = [];
afterEach(() => {
  for (const db of dbs) db.close();
  dbs = [];
});

const AT = '2025-01-02T03:04:05.123Z';
const EARLIER = '2025-01-01T00:00:00.000Z';
const wall = (iso: string) => String(Date.parse(iso)).padStart(15, '0');

/** A version-3 database with a profile, a design, a page, three comments and a reply. */
function v3Database(withProfile = true): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  dbs.push(db);
  db.exec('PRAGMA foreign_keys = ON');
  migrateTo(db, 3);
  db.prepare('INSERT INTO designs VALUES (?, ?, ?, ?, ?)').run('d1', 'Shop', '', AT, AT);
  db.prepare(
    `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
       thumb_hash, elements, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run('p1', 'd1', 'home', 0, 'a'.repeat(64), 'png', 10, 10, 'b'.repeat(64), null, AT, AT);
  db.prepare('INSERT INTO reviewers VALUES (?, ?, ?, ?, ?)').run('r1', 'Ada', 'peer', null, AT);
  if (withProfile) db.prepare("INSERT INTO settings VALUES ('local_reviewer_id', 'r1')").run();
  const comment = db.prepare(
    `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y, status,
       created_at, updated_at) VALUES (?, 'd1', 'p1', 'r1', 'nav', 'x', 1, 2, ?, ?, ?)`,
  );
  comment.run('c-b', 'open', AT, AT);
  comment.run('c-a', 'resolved', AT, AT);
  comment.run('c-z', 'open', EARLIER, EARLIER);
  db.prepare('INSERT INTO replies VALUES (?, ?, ?, ?, ?, ?)').run('a1', 'c-a', 'r1', 'ok', AT, AT);
  return db;
}

describe('migration 4: review packages', () => {
  it('stamps existing rows from their times with a new device id, and numbers comments', () => {
    const db = v3Database();
    migrateTo(db, 4);
    expect(schemaVersion(db)).toBe(4);
    const device = (
      db.prepare("SELECT value FROM settings WHERE key = 'device_id'").get() as { value: string }
    ).value;
    expect(device).toMatch(/^[0-9a-f]{32}$/);
    const stamp = (iso: string) => `${wall(iso)}.000000.${device}`;
    expect(
      db.prepare('SELECT id, created_hlc, number, unread FROM comments ORDER BY number').all(),
    ).toEqual([
      { id: 'c-z', created_hlc: stamp(EARLIER), number: 1, unread: 0 },
      // Equal stamps: the id decides.
      { id: 'c-a', created_hlc: stamp(AT), number: 2, unread: 0 },
      { id: 'c-b', created_hlc: stamp(AT), number: 3, unread: 0 },
    ]);
    expect(db.prepare('SELECT created_hlc, updated_hlc, sig FROM replies').get()).toEqual({
      created_hlc: stamp(AT),
      updated_hlc: stamp(AT),
      sig: null,
    });
    expect(db.prepare("SELECT value FROM settings WHERE key = 'hlc_last'").get()).toEqual({
      value: stamp(AT),
    });
    // The local user owns existing designs, and set the status of resolved comments.
    expect(db.prepare('SELECT owner_id, created_hlc FROM designs').get()).toEqual({
      owner_id: 'r1',
      created_hlc: stamp(AT),
    });
    expect(
      db.prepare('SELECT id, status_by, status_updated FROM comments ORDER BY id').all(),
    ).toEqual([
      { id: 'c-a', status_by: 'r1', status_updated: stamp(AT) },
      { id: 'c-b', status_by: null, status_updated: null },
      { id: 'c-z', status_by: null, status_updated: null },
    ]);
    // Pages list comments by number from the index.
    const plan = (
      db
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM comments WHERE page_id = ? ORDER BY number')
        .all('p1') as { detail: string }[]
    ).map((s) => s.detail);
    expect(plan.join()).toContain('comments_by_page');
  });

  it('leaves designs unowned when there is no profile yet, and tombstones empty', () => {
    const db = v3Database(false);
    migrateTo(db, 4);
    expect(db.prepare('SELECT owner_id FROM designs').get()).toEqual({ owner_id: null });
    expect(db.prepare('SELECT COUNT(*) AS n FROM tombstones').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM kept_records').get()).toEqual({ n: 0 });
  });

  it('upgrades an empty database without a clock stamp to carry on from', () => {
    const db = new DatabaseSync(':memory:');
    dbs.push(db);
    migrateTo(db, 4);
    expect(db.prepare("SELECT COUNT(*) AS n FROM settings WHERE key = 'hlc_last'").get()).toEqual({
      n: 0,
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM settings WHERE key = 'device_id'").get()).toEqual({
      n: 1,
    });
  });
});
