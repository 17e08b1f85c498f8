import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openDatabase, transaction } from '../../../../src/core/store/database.ts';
import { LATEST_VERSION, schemaVersion } from '../../../../src/core/store/migrations.ts';
import { makeTempDir } from './helpers.ts';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function open(): DatabaseSync {
  const temp = makeTempDir();
  const db = openDatabase(path.join(temp.dir, 'crit.sqlite'));
  cleanups.push(() => {
    if (db.isOpen) db.close();
    temp.cleanup();
  });
  db.exec('CREATE TABLE t (v TEXT NOT NULL)');
  return db;
}

const pragma = (db: DatabaseSync, name: string) =>
  Object.values(db.prepare(`PRAGMA ${name}`).get() as object)[0];

const values = (db: DatabaseSync) =>
  (db.prepare('SELECT v FROM t ORDER BY rowid').all() as { v: string }[]).map((row) => row.v);

const insert = (db: DatabaseSync, v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);

describe('openDatabase', () => {
  it('opens in WAL mode with foreign keys, full sync and a busy timeout, migrated', () => {
    const db = open();
    expect(pragma(db, 'journal_mode')).toBe('wal');
    expect(pragma(db, 'foreign_keys')).toBe(1);
    expect(pragma(db, 'synchronous')).toBe(2); // FULL
    expect(pragma(db, 'busy_timeout')).toBe(BUSY_TIMEOUT_MS);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
  });

  it('reopens an existing database without migrating it twice', () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const file = path.join(temp.dir, 'crit.sqlite');
    const first = openDatabase(file);
    first.prepare("INSERT INTO settings VALUES ('k', 'v')").run();
    first.close();
    const second = openDatabase(file);
    expect(second.prepare("SELECT value FROM settings WHERE key = 'k'").get()).toEqual({
      value: 'v',
    });
    second.close();
  });
});

describe('transaction', () => {
  it('commits what the function wrote and returns its value', () => {
    const db = open();
    expect(transaction(db, () => (insert(db, 'a'), 42))).toBe(42);
    expect(values(db)).toEqual(['a']);
    expect(db.isTransaction).toBe(false);
  });

  it('rolls everything back when the function throws, and rethrows', () => {
    const db = open();
    expect(() =>
      transaction(db, () => {
        insert(db, 'a');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(values(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });

  it('nests as savepoints: an inner failure undoes only the inner work', () => {
    const db = open();
    transaction(db, () => {
      insert(db, 'outer');
      expect(() =>
        transaction(db, () => {
          insert(db, 'inner');
          throw new Error('inner failed');
        }),
      ).toThrow('inner failed');
      transaction(db, () => insert(db, 'inner ok'));
    });
    expect(values(db)).toEqual(['outer', 'inner ok']);
  });

  it('an outer failure undoes inner work that had succeeded', () => {
    const db = open();
    expect(() =>
      transaction(db, () => {
        transaction(db, () => insert(db, 'inner'));
        throw new Error('outer failed');
      }),
    ).toThrow('outer failed');
    expect(values(db)).toEqual([]);
  });

  it('refuses an async function, rolling back what it wrote synchronously', () => {
    const db = open();
    expect(() =>
      transaction(db, async () => {
        insert(db, 'a');
      }),
    ).toThrow(/synchronous/);
    expect(values(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });
});
