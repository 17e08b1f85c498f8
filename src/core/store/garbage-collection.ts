import type { DatabaseSync } from 'node:sqlite';
import type { ImageStore } from './image-store.ts';

/** Files younger than this are kept even when unreferenced: an import may be under way. */
export const DEFAULT_GRACE_MS = 60 * 60 * 1000;

/** What a collection removed. */
export interface GarbageReport {
  removed: number;
  bytesFreed: number;
}

/**
 * Removes image files no page, thumbnail or avatar refers to, and temporary files left
 * by interrupted writes. Images are written before the rows that refer to them, so
 * files modified within `graceMs` are left alone; `put` refreshes the time of a file
 * it re-uses for the same reason.
 */
export function collectGarbage(
  db: DatabaseSync,
  store: ImageStore,
  { graceMs = DEFAULT_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): GarbageReport {
  const rows = db
    .prepare(
      `SELECT image_hash || '.' || image_ext AS name FROM pages
       UNION SELECT thumb_hash || '.webp' FROM pages
       UNION SELECT avatar_hash || '.' || COALESCE(avatar_ext, 'webp') FROM reviewers
         WHERE avatar_hash IS NOT NULL`,
    )
    .all() as { name: string }[];
  const referenced = new Set(rows.map((row) => row.name));

  const report: GarbageReport = { removed: 0, bytesFreed: 0 };
  for (const file of store.list()) {
    if (now - file.mtimeMs < graceMs) continue;
    if (file.hash !== null && referenced.has(`${file.hash}.${file.ext}`)) continue;
    report.bytesFreed += file.size;
    store.remove(file);
    report.removed++;
  }
  return report;
}
