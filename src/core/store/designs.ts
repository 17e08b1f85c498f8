import type { DatabaseSync } from 'node:sqlite';
import { v4 } from 'uuid';
import type { DesignSummary, DesignView } from '../../shared/domain.ts';
import type { NewDesignInput } from '../../shared/schemas.ts';
import { countComments } from './comment-reads.ts';
import { imageAddress } from './image-store.ts';
import { listPages } from './pages.ts';
import { isoOfStamp, stampNow } from './clock.ts';
import { getDesignLikes } from './design-likes.ts';
import { assertOwnsDesign, localReviewerId, requireDesign } from './records.ts';
import { listDesignReviewers } from './reviewers.ts';
import { transaction } from './transaction.ts';
import { countUnreadByPage } from './unread.ts';

/** What a new design starts with, as `designs.create` parsed it; the description may be left out. */
export type NewDesign = Omit<NewDesignInput, 'description'> & { description?: string };

interface SummaryRow {
  id: string;
  name: string;
  description: string;
  updated_at: string;
  page_count: number;
  comment_count: number;
  cover_hash: string | null;
}

const SUMMARY_SQL = `
  SELECT d.id, d.name, d.description, d.updated_at,
    (SELECT COUNT(*) FROM pages p WHERE p.design_id = d.id) AS page_count,
    (SELECT COUNT(*) FROM comments c WHERE c.design_id = d.id) AS comment_count,
    (SELECT p.thumb_hash FROM pages p WHERE p.design_id = d.id
       ORDER BY p.position, p.created_at LIMIT 1) AS cover_hash
  FROM designs d`;

function toSummary(row: SummaryRow): DesignSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pageCount: row.page_count,
    commentCount: row.comment_count,
    cover: row.cover_hash === null ? null : imageAddress(row.cover_hash, 'webp'),
    updatedAt: row.updated_at,
  };
}

/** The user's designs for the landing screen, most recent activity first. */
export function listDesigns(db: DatabaseSync): DesignSummary[] {
  const rows = db
    .prepare(`${SUMMARY_SQL} ORDER BY d.updated_at DESC, d.created_at DESC, d.rowid DESC`)
    .all() as unknown as SummaryRow[];
  return rows.map(toSummary);
}

/** One design's summary, as `listDesigns` shows it. Throws `not-found`. */
export function getDesignSummary(db: DatabaseSync, id: string): DesignSummary {
  requireDesign(db, id);
  return toSummary(db.prepare(`${SUMMARY_SQL} WHERE d.id = ?`).get(id) as unknown as SummaryRow);
}

/** Creates an empty design (its name and description checked by the contract's schema). */
export function createDesign(db: DatabaseSync, design: NewDesign): DesignSummary {
  const { name, description = '' } = design;
  const id = v4();
  transaction(db, () => {
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    // The local user owns it; made before any profile, it is claimed when one is saved.
    db.prepare(
      `INSERT INTO designs (id, name, description, created_at, updated_at, owner_id,
         created_hlc, updated_hlc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, name, description, at, at, localReviewerId(db), stamp, stamp);
  });
  return getDesignSummary(db, id);
}

/**
 * A design as the workspace opens it: its pages in order, its reviewers and how many
 * comments it has (the comments themselves come per page), and its likes as the local
 * user sees them. Throws `not-found`.
 */
export function getDesign(db: DatabaseSync, id: string): DesignView {
  const row = requireDesign(db, id);
  const owner =
    row.owner_id === null
      ? undefined
      : (db.prepare('SELECT name FROM reviewers WHERE id = ?').get(row.owner_id) as
          { name: string } | undefined);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pages: listPages(db, row.id),
    reviewers: listDesignReviewers(db, row.id),
    commentCount: countComments(db, row.id),
    ownerId: row.owner_id,
    ownerName: owner?.name ?? null,
    unreadByPage: countUnreadByPage(db, row.id),
    likes: getDesignLikes(db, row.id, localReviewerId(db)),
  };
}

/** Changes one field of a design's record, as its owner, with a new stamp. */
function changeDesign(db: DatabaseSync, id: string, column: 'name' | 'description', value: string) {
  transaction(db, () => {
    assertOwnsDesign(db, requireDesign(db, id));
    const stamp = stampNow(db);
    db.prepare(
      `UPDATE designs SET ${column} = ?, updated_at = ?, updated_hlc = ?, sig = NULL WHERE id = ?`,
    ).run(value, isoOfStamp(stamp), stamp, id);
  });
  return getDesignSummary(db, id);
}

/**
 * Renames a design (the name as the contract's schema gave it). Throws `not-found`, or
 * `conflict` for a design someone else owns.
 */
export function renameDesign(db: DatabaseSync, id: string, name: string): DesignSummary {
  return changeDesign(db, id, 'name', name);
}

/** Changes a design's description (as the description schema gives it; may be empty). */
export function describeDesign(db: DatabaseSync, id: string, description: string): DesignSummary {
  return changeDesign(db, id, 'description', description);
}

/**
 * Deletes this machine's copy of a design with its pages, comments, replies and
 * tombstones (anyone may: it does not travel). Reviewers stay: people are shared between
 * designs. Image files stay in the store (see `collectGarbage`).
 */
export function deleteDesign(db: DatabaseSync, id: string): void {
  transaction(db, () => {
    requireDesign(db, id);
    db.prepare('DELETE FROM designs WHERE id = ?').run(id);
  });
}
