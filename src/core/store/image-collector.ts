import type { DatabaseSync } from 'node:sqlite';
import { collectGarbage } from './garbage-collection.ts';
import type { ImageStore } from './image-store.ts';

/** Schedules the removal of image files no row refers to any more. */
export interface ImageCollector {
  /**
   * Runs an import (work that stores image files and then the rows that refer to
   * them). While any import is under way no file is removed, since its files are
   * written before its rows; a collection asked for meanwhile runs when the last one
   * settles. With `collectAfter` (a replacement, a new avatar) one is asked for once
   * the work has settled, as it is after any failed import.
   */
  importing<T>(work: () => Promise<T>, collectAfter?: boolean): Promise<T>;
  /** Removes unreferenced files now, or as soon as no import is under way. */
  collect(): void;
}

/**
 * The collector of one open data folder. It relies on this process being the folder's
 * only user (see `lockDataFolder`) and on being asked only after a change has
 * committed: then a file that no row names, while no import is under way, can never be
 * named again except by a new import, which writes it anew. A collection is one
 * synchronous step (the query, then the removals), so nothing in this process runs in
 * between; a crash at any moment leaves, at worst, unreferenced files, which the next
 * start collects. Rows never name a missing file.
 */
export function createImageCollector(db: DatabaseSync, store: ImageStore): ImageCollector {
  let underWay = 0;
  let asked = false;
  const run = () => {
    asked = false;
    if (db.isOpen) collectGarbage(db, store, { graceMs: 0 });
  };
  const collect = () => {
    if (underWay > 0) asked = true;
    else run();
  };
  return {
    collect,
    async importing(work, collectAfter = false) {
      underWay++;
      let failed = true;
      try {
        const result = await work();
        failed = false;
        return result;
      } finally {
        underWay--;
        if (failed || collectAfter) asked = true;
        if (underWay === 0 && asked) run();
      }
    },
  };
}
