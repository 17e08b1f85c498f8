import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import { openDatabase } from '../../../../src/core/store/database.ts';
import {
  LATEST_VERSION,
  MIGRATIONS,
  migrate,
  migrateTo,
  schemaVersion,
} from '../../../../src/core/store/migrations.ts';
import { makeTempDir } from './helpers.ts';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function emptyDb(): { db: DatabaseSync; file: string } {
  const temp = makeTempDir();
  const file = path.join(temp.dir, 'crit.sqlite');
  const db = new DatabaseSync(file);
  db.exec('PRAGMA foreign_keys = ON');
  cleanups.push(() => {
    if (db.isOpen) db.close();
    temp.cleanup();
  });
  return { db, file };
}

const tables = (db: DatabaseSync) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);

const indexes = (db: DatabaseSync) =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);

const columns = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((row) => row.name);

const AT = '2025-01-02T03:04:05.000Z';

/** Writes one design with a page, a reviewer and a comment, using only v1 columns. */
function writeV1Data(db: DatabaseSync): void {
  db.prepare(
    'INSERT INTO designs (id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  ).run('d1', 'Shop', 'A shop', AT, AT);
  db.prepare(
    `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
       thumb_hash, elements, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run('p1', 'd1', 'home', 0, 'a'.repeat(64), 'png', 1440, 3000, 'b'.repeat(64), null, AT, AT);
  db.prepare(
    'INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run('r1', 'Ada', 'peer', null, AT);
  db.prepare(
    `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run('c1', 'd1', 'p1', 'r1', 'nav', 'Too subtle', 12.5, 40, AT, AT);
}

describe('migrations', () => {
  it('knows one migration per version, and a new database starts at version 0', () => {
    const { db } = emptyDb();
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
    expect(LATEST_VERSION).toBe(6);
    expect(schemaVersion(db)).toBe(0);
  });

  it('version 1 creates designs, pages, reviewers and comments with their indexes', () => {
    const { db } = emptyDb();
    migrateTo(db, 1);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['comments', 'designs', 'pages', 'reviewers']);
    expect(indexes(db)).toEqual([
      'comments_by_design',
      'comments_by_page',
      'comments_by_reviewer',
      'pages_by_design',
    ]);
    expect(columns(db, 'pages')).toEqual([
      'id',
      'design_id',
      'name',
      'position',
      'image_hash',
      'image_ext',
      'width',
      'height',
      'thumb_hash',
      'elements',
      'created_at',
      'updated_at',
    ]);
    expect(columns(db, 'comments')).not.toContain('status');
  });

  it('version 1 enforces tags, coordinates, roles, JSON and cascades', () => {
    const { db } = emptyDb();
    migrateTo(db, 1);
    writeV1Data(db);
    const insertComment = (tag: string, x: number) =>
      db
        .prepare(
          `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y,
             created_at, updated_at) VALUES (?, 'd1', 'p1', 'r1', ?, 'text', ?, 50, ?, ?)`,
        )
        .run(crypto.randomUUID(), tag, x, AT, AT);
    expect(() => insertComment('banner', 10)).toThrow(/CHECK constraint/);
    expect(() => insertComment('nav', 100.5)).toThrow(/CHECK constraint/);
    expect(() => insertComment('nav', -1)).toThrow(/CHECK constraint/);
    expect(() =>
      db
        .prepare(
          'INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run('r2', 'B', 'boss', null, AT),
    ).toThrow(/CHECK constraint/);
    expect(() => db.prepare("UPDATE pages SET elements = '{oops' WHERE id = 'p1'").run()).toThrow(
      /CHECK constraint/,
    );
    expect(() => insertComment('nav', 10)).not.toThrow();
    db.prepare("DELETE FROM designs WHERE id = 'd1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM pages').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM comments').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM reviewers').get()).toEqual({ n: 1 });
  });

  it('version 2 adds status, replies and settings, keeping data written at version 1', () => {
    const { db } = emptyDb();
    migrateTo(db, 1);
    writeV1Data(db);
    migrateTo(db, 2);
    expect(schemaVersion(db)).toBe(2);
    expect(tables(db)).toEqual([
      'comments',
      'designs',
      'pages',
      'replies',
      'reviewers',
      'settings',
    ]);
    expect(indexes(db)).toContain('replies_by_comment');
    expect(db.prepare("SELECT * FROM comments WHERE id = 'c1'").get()).toMatchObject({
      id: 'c1',
      contents: 'Too subtle',
      tag: 'nav',
      x: 12.5,
      y: 40,
      status: 'open',
    });
    expect(db.prepare("SELECT name FROM designs WHERE id = 'd1'").get()).toEqual({ name: 'Shop' });
    expect(() => db.prepare("UPDATE comments SET status = 'done'").run()).toThrow(/CHECK/);
    db.prepare(
      'INSERT INTO replies (id, comment_id, reviewer_id, contents, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('a1', 'c1', 'r1', 'Yes', AT, AT);
    db.prepare("DELETE FROM comments WHERE id = 'c1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM replies').get()).toEqual({ n: 0 });
  });

  it('version 3 makes the design index cover comment ids, keeping every row', () => {
    const { db } = emptyDb();
    migrateTo(db, 2);
    writeV1Data(db);
    db.prepare(
      'INSERT INTO replies (id, comment_id, reviewer_id, contents, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('a1', 'c1', 'r1', 'Yes', AT, AT);
    const before = db.prepare('SELECT * FROM comments ORDER BY id').all();
    const indexesBefore = indexes(db);
    migrateTo(db, 3);
    expect(schemaVersion(db)).toBe(3);
    expect(indexes(db)).toEqual(indexesBefore);
    expect(
      (db.prepare('PRAGMA index_info(comments_by_design)').all() as { name: string }[]).map(
        (column) => column.name,
      ),
    ).toEqual(['design_id', 'reviewer_id', 'id']);
    expect(db.prepare('SELECT * FROM comments ORDER BY id').all()).toEqual(before);
    // Who replied in a design is found from the index alone, not the comment rows.
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT r.reviewer_id FROM replies r
           JOIN comments c ON c.id = r.comment_id WHERE c.design_id = ?`,
        )
        .all('d1') as { detail: string }[]
    ).map((step) => step.detail);
    expect(plan).toContain('SEARCH c USING COVERING INDEX comments_by_design (design_id=?)');
    expect(
      db
        .prepare(
          `SELECT r.reviewer_id FROM replies r JOIN comments c ON c.id = r.comment_id
           WHERE c.design_id = ?`,
        )
        .all('d1'),
    ).toEqual([{ reviewer_id: 'r1' }]);
  });

  it('the likes migration adds one like per person and design, and edit marks on comments', () => {
    // Found by name, so the test follows the migration wherever the list places it.
    const version = MIGRATIONS.findIndex((m) => m.name === 'v6DesignLikes') + 1;
    expect(version).toBeGreaterThan(4);
    const { db } = emptyDb();
    migrateTo(db, version - 1);
    writeV1Data(db);
    const before = db.prepare('SELECT * FROM comments ORDER BY id').all();
    migrateTo(db, version);
    expect(tables(db)).toContain('design_likes');
    expect(indexes(db)).toContain('design_likes_by_reviewer');
    expect(columns(db, 'design_likes')).toEqual(['design_id', 'reviewer_id', 'created_at']);
    // Existing comments keep every value and read as never edited.
    expect(db.prepare('SELECT * FROM comments ORDER BY id').all()).toEqual(
      (before as Record<string, unknown>[]).map((row) => ({ ...row, edited_at: null })),
    );
    const like = db.prepare('INSERT INTO design_likes VALUES (?, ?, ?)');
    like.run('d1', 'r1', AT);
    expect(() => like.run('d1', 'r1', AT)).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => like.run('d1', 'nobody', AT)).toThrow(/FOREIGN KEY/);
    expect(() => like.run('nowhere', 'r1', AT)).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM designs WHERE id = 'd1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM design_likes').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM reviewers').get()).toEqual({ n: 1 });
  });

  it('a migration that fails leaves the database at the version before it', () => {
    const { db } = emptyDb();
    migrateTo(db, 1);
    writeV1Data(db);
    db.exec('CREATE TABLE settings (oops TEXT)'); // makes version 2 fail halfway
    expect(() => migrate(db)).toThrow(/already exists/);
    expect(schemaVersion(db)).toBe(1);
    expect(columns(db, 'comments')).not.toContain('status');
    expect(tables(db)).not.toContain('replies');
  });

  it('migrating again is a no-op, and going back or past the latest is refused', () => {
    const { db } = emptyDb();
    migrate(db);
    migrate(db);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(() => migrateTo(db, 1)).toThrow(RangeError);
    expect(() => migrateTo(db, LATEST_VERSION + 1)).toThrow(RangeError);
    expect(() => migrateTo(db, 1.5)).toThrow(RangeError);
  });

  for (const mode of ['delete', 'wal'] as const) {
    it(`refuses a database from a newer version without changing it (journal ${mode})`, () => {
      const { db, file } = emptyDb();
      migrate(db);
      db.exec(`PRAGMA journal_mode = ${mode}`);
      writeV1Data(db);
      db.exec(`PRAGMA user_version = ${LATEST_VERSION + 5}`);
      db.close();
      const before = fs.readFileSync(file);
      const siblings = fs.readdirSync(path.dirname(file)).sort();

      let error: unknown;
      try {
        openDatabase(file);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CritError);
      expect((error as CritError).code).toBe('conflict');
      expect((error as CritError).message).toBe(
        `This database was written by a newer version of Crit (schema ${LATEST_VERSION + 5}; this version knows up to ${LATEST_VERSION}). Nothing was changed.`,
      );
      expect(fs.readFileSync(file).equals(before)).toBe(true);
      expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(siblings);
    });
  }
});

describe('frozen migrations', () => {
  /** Every table, index and trigger's SQL, whitespace folded, in a stable order. */
  const schemaOf = (db: DatabaseSync) =>
    (
      db
        .prepare(
          'SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY type, name',
        )
        .all() as { type: string; name: string; tbl_name: string; sql: string }[]
    ).map((row) => ({
      ...row,
      sql: row.sql.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim(),
    }));

  const fresh = () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const db = openDatabase(path.join(temp.dir, 'fresh.sqlite'));
    cleanups.push(() => db.isOpen && db.close());
    return db;
  };

  it('a database made by the version-1 release and upgraded has the schema of a fresh one', () => {
    const shipped = fs.readFileSync(
      path.join(import.meta.dirname, 'fixtures/schema-v1.sql'),
      'utf8',
    );
    const { db, file } = emptyDb();
    db.exec(shipped);
    db.exec('PRAGMA user_version = 1');
    db.close();
    const upgraded = openDatabase(file);
    cleanups.push(() => upgraded.isOpen && upgraded.close());
    expect(schemaVersion(upgraded)).toBe(LATEST_VERSION);
    const expected = schemaOf(fresh());
    expect(expected.length).toBeGreaterThan(8);
    expect(schemaOf(upgraded)).toEqual(expected);
  });

  it('a database created at version 1 and upgraded has the schema of a fresh one', () => {
    const { db } = emptyDb();
    migrateTo(db, 1);
    writeV1Data(db);
    migrate(db);
    expect(schemaOf(db)).toEqual(schemaOf(fresh()));
  });

  it('migrations read no constant of today’s code', () => {
    const source = fs.readFileSync(
      path.join(import.meta.dirname, '../../../../src/core/store/migrations.ts'),
      'utf8',
    );
    const imports = [...source.matchAll(/^import .* from '(.+)';$/gm)].map((m) => m[1]);
    // Errors and the transaction helper only; domain lists, limits and schemas change.
    expect(imports.sort()).toEqual(['../../shared/errors.ts', './transaction.ts', 'node:sqlite']);
  });
});
