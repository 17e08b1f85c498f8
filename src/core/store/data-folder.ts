import type { DatabaseSync } from 'node:sqlite';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './database.ts';
import { lockDataFolder } from './folder-lock.ts';
import { ensureLocalKeyPair } from './keys.ts';
import { createImageCollector, type ImageCollector } from './image-collector.ts';
import { createImageStore, tighten, type ImageStore } from './image-store.ts';

/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'crit.sqlite';
/** The image store's folder inside the data folder. */
export const IMAGES_FOLDER = 'images';

/** The open database and image store of one data folder. */
export interface DataFolder {
  db: DatabaseSync;
  images: ImageStore;
  /** Removes image files once nothing refers to them (see `createImageCollector`). */
  collector: ImageCollector;
  /** Closes the database and lets the folder go. */
  close(): void;
}

/** Creates the database file owner-only; SQLite gives its WAL and shm files the same mode. */
function prepareDatabaseFile(file: string): void {
  if (process.platform === 'win32') return;
  fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_RDWR, 0o600));
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (fs.existsSync(file + suffix)) tighten(file + suffix, 0o600);
  }
}

/**
 * Opens the data folder `dataDir` (creating it, owner-only): takes it for this process
 * alone (a second Crit on the same folder gets `CritError('conflict')` naming it), opens
 * the database `crit.sqlite` migrated to the current schema, and the image store in
 * `images/`, then removes image files left unreferenced by an earlier run.
 */
export function openDataFolder(dataDir: string): DataFolder {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
  const lock = lockDataFolder(dataDir);
  try {
    const file = path.join(dataDir, DATABASE_FILE);
    prepareDatabaseFile(file);
    const db = openDatabase(file);
    // A profile made before packages existed gets its signing keys now.
    ensureLocalKeyPair(db);
    const images = createImageStore(path.join(dataDir, IMAGES_FOLDER));
    const collector = createImageCollector(db, images);
    collector.collect();
    return {
      db,
      images,
      collector,
      close: () => {
        if (db.isOpen) db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
