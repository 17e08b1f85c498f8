import type { DatabaseSync } from 'node:sqlite';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './database.ts';
import { createImageStore, type ImageStore } from './image-store.ts';

/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'crit.sqlite';
/** The image store's folder inside the data folder. */
export const IMAGES_FOLDER = 'images';

/** The open database and image store of one data folder. */
export interface DataFolder {
  db: DatabaseSync;
  images: ImageStore;
  /** Closes the database. */
  close(): void;
}

/**
 * Opens the data folder `dataDir` (creating it): the database `crit.sqlite`, migrated
 * to the current schema, and the image store in `images/`.
 */
export function openDataFolder(dataDir: string): DataFolder {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  const images = createImageStore(path.join(dataDir, IMAGES_FOLDER));
  return { db, images, close: () => db.close() };
}
