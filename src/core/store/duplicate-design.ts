import type { DatabaseSync } from 'node:sqlite';
import { v4 } from 'uuid';
import type { DesignSummary } from '../../shared/domain.ts';
import { LIMITS } from '../../shared/limits.ts';
import { getDesignSummary } from './designs.ts';
import { encodeHlc } from '../packages/hlc.ts';
import { withClock } from './clock.ts';
import { localReviewerId, requireDesign } from './records.ts';
import { transaction } from './transaction.ts';

/**
 * The name of a copy: "Name (copy)", or "Name (copy 2)", "(copy 3)"… when that name is
 * taken, with the original shortened (by code points) so the whole fits the name limit.
 */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const room = LIMITS.designName - [...suffix].length;
    const base = [...name].slice(0, room).join('').trimEnd();
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Duplicates a design: a new design with the same description and a copy of every page
 * (name, order, image, thumbnail, element map). Images are content-addressed, so the
 * copy refers to the same files and no bytes are written. Comments, replies and likes
 * are not copied: as in most design tools, a duplicate starts a fresh round of
 * feedback. Throws `not-found`.
 */
export function duplicateDesign(db: DatabaseSync, id: string): DesignSummary {
  const copyId = v4();
  transaction(db, () =>
    withClock(db, (clock) => {
      const design = requireDesign(db, id);
      const names = db.prepare('SELECT name FROM designs').all() as { name: string }[];
      const stamp = encodeHlc(clock.now());
      const at = new Date(clock.last().wall).toISOString();
      // The copy is the local user's own design, whoever owns the original.
      db.prepare(
        `INSERT INTO designs (id, name, description, created_at, updated_at, owner_id,
           created_hlc, updated_hlc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        copyId,
        copyName(design.name, new Set(names.map((r) => r.name))),
        design.description,
        at,
        at,
        localReviewerId(db),
        stamp,
        stamp,
      );
      const pages = db
        .prepare('SELECT id FROM pages WHERE design_id = ? ORDER BY position, created_at')
        .all(design.id) as { id: string }[];
      // Columns are named, so a column added later takes its default in the copy.
      const copyPage = db.prepare(
        `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
           thumb_hash, elements, created_at, updated_at, created_hlc, updated_hlc)
         SELECT ?, ?, name, ?, image_hash, image_ext, width, height, thumb_hash, elements,
           ?, ?, ?, ?
         FROM pages WHERE id = ?`,
      );
      pages.forEach((page, position) => {
        const pageStamp = encodeHlc(clock.now());
        copyPage.run(v4(), copyId, position, at, at, pageStamp, pageStamp, page.id);
      });
    }),
  );
  return getDesignSummary(db, copyId);
}
