import { DatabaseSync } from 'node:sqlite';
import { assertMigratable, migrate } from './migrations.ts';

export { transaction } from './transaction.ts';

/** How long a connection waits for another one's write lock before giving up, in ms. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) the database in `file` and brings its schema up to date.
 *
 * WAL lets readers run beside a writer; `synchronous=FULL` makes every commit durable
 * before it is acknowledged, so a crash right after a commit cannot lose it. A database
 * written by a newer version of Crit is refused (`CritError('conflict')`) before
 * anything in it is touched.
 */
export function openDatabase(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Checked before journal_mode: switching to WAL rewrites the file header.
    assertMigratable(db);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
