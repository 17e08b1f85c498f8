import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';

/** The lock file's name inside the data folder. */
export const LOCK_FILE = 'crit.lock';

/** A held data-folder lock. */
export interface FolderLock {
  /** Lets the folder go; another Crit may open it afterwards. */
  release(): void;
}

/**
 * Takes the data folder for this process alone, or throws `CritError('conflict')`
 * naming the folder when another process (or another opening in this one) holds it.
 *
 * The lock is SQLite's exclusive lock on a small file of its own, which the operating
 * system holds for the open file (an `fcntl` lock on POSIX, `LockFileEx` on Windows)
 * and drops the moment the process ends, however it ends: a SIGKILL or a power cut
 * leaves nothing stale behind, and a recycled pid cannot keep the folder shut, as it
 * could with a lock file that holds a pid. Being a file of its own, it leaves the
 * database's WAL mode and its readers (a backup, the sqlite3 shell) untouched.
 */
export function lockDataFolder(dataDir: string): FolderLock {
  const file = path.join(dataDir, LOCK_FILE);
  if (process.platform !== 'win32') {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_RDWR, 0o600));
  }
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = MEMORY');
    // In exclusive locking mode the lock taken by this write is kept until close.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    db.exec('DELETE FROM holder');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (/locked|busy/i.test((error as Error).message)) {
      throw new CritError(
        'conflict',
        `The data folder ${dataDir} is already in use by another Crit. Close that one first, or start this one with another data folder.`,
      );
    }
    throw error;
  }
  return { release: () => db.isOpen && db.close() };
}
