import type { DatabaseSync } from 'node:sqlite';
import type { DesignFile, PageRecord, ReviewerRecord } from '../../shared/package-schemas.ts';
import { isoOfStamp, withClock } from './clock.ts';
import { decodeHlc } from '../packages/hlc.ts';
import type { StoredDesign } from './design-state.ts';
import { applyCommentRecords } from './apply-comments.ts';
import { touchDesign } from './records.ts';
import { cached } from './statements.ts';
import { renumberPages, writeTombstone } from './tombstones.ts';

/** The thumbnail stored for each page image a merge brings (image hash → thumbnail hash). */
export type Thumbnails = ReadonlyMap<string, string>;

/** What writing a merge did. */
export interface AppliedMerge {
  /** Whether any row changed. */
  changed: boolean;
}

const sameRecord = (a: { updated: string; sig: string | null }, b: { updated: string }) =>
  a.updated === b.updated;

function writeReviewer(db: DatabaseSync, r: ReviewerRecord): boolean {
  const row = cached(db, 'SELECT updated_hlc, public_key FROM reviewers WHERE id = ?').get(r.id) as
    { updated_hlc: string; public_key: string | null } | undefined;
  if (row && row.public_key === r.publicKey && row.updated_hlc >= r.updated) return false;
  if (!row) {
    cached(
      db,
      `INSERT INTO reviewers (id, name, role, avatar_hash, avatar_ext, created_at, created_hlc,
         updated_hlc, sig, public_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      r.id,
      r.name,
      r.role,
      r.avatar?.sha256 ?? null,
      r.avatar?.ext ?? null,
      isoOfStamp(r.created),
      r.created,
      r.updated,
      r.sig,
      r.publicKey,
    );
    return true;
  }
  cached(
    db,
    `UPDATE reviewers SET name = ?, role = ?, avatar_hash = ?, avatar_ext = ?, created_hlc = ?,
       updated_hlc = ?, sig = ?, public_key = ? WHERE id = ?`,
  ).run(
    r.name,
    r.role,
    r.avatar?.sha256 ?? null,
    r.avatar?.ext ?? null,
    r.created,
    r.updated,
    r.sig,
    r.publicKey,
    r.id,
  );
  return true;
}

function writePage(
  db: DatabaseSync,
  designId: string,
  page: PageRecord,
  isNew: boolean,
  thumbnails: Thumbnails,
): void {
  const thumb = thumbnails.get(page.image.sha256);
  if (!thumb) throw new Error(`No thumbnail was stored for the page ${page.id}.`);
  const elements = page.elements === null ? null : JSON.stringify(page.elements);
  const values = [
    page.name,
    page.order,
    page.image.sha256,
    page.image.ext,
    page.image.width,
    page.image.height,
    thumb,
    elements,
    isoOfStamp(page.updated),
    page.created,
    page.updated,
    page.sig,
  ] as const;
  if (isNew) {
    cached(
      db,
      `INSERT INTO pages (name, position, image_hash, image_ext, width, height, thumb_hash,
         elements, updated_at, created_hlc, updated_hlc, sig, created_at, design_id, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(...values, isoOfStamp(page.created), designId, page.id);
  } else {
    cached(
      db,
      `UPDATE pages SET name = ?, position = ?, image_hash = ?, image_ext = ?, width = ?,
         height = ?, thumb_hash = ?, elements = ?, updated_at = ?, created_hlc = ?,
         updated_hlc = ?, sig = ? WHERE id = ?`,
    ).run(...values, page.id);
  }
}

/**
 * Writes the result of a merge (`merged`, from `mergeDesign`) over what this machine held
 * (`stored`, null for a new design), changing only what differs: reviewers (pinning new
 * keys), the design, its pages (with the thumbnails already stored), comments, statuses
 * and replies (shown, or kept out of sight when their page or comment is gone; new ones
 * marked unread), tombstones, then pin numbers on every page touched, and the clock, which
 * takes in `latestStamp`. Run it inside one transaction with the images already stored.
 */
export function applyMerge(
  db: DatabaseSync,
  stored: StoredDesign | null,
  merged: DesignFile,
  thumbnails: Thumbnails,
  latestStamp: string | null,
): AppliedMerge {
  const designId = merged.design.id;
  let changed = false;
  for (const reviewer of merged.reviewers) changed = writeReviewer(db, reviewer) || changed;

  const d = merged.design;
  if (!stored) {
    cached(
      db,
      `INSERT INTO designs (id, name, description, created_at, updated_at, owner_id,
         created_hlc, updated_hlc, sig) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      d.id,
      d.name,
      d.description,
      isoOfStamp(d.created),
      isoOfStamp(d.updated),
      d.author,
      d.created,
      d.updated,
      d.sig,
    );
    changed = true;
  } else if (!sameRecord(stored.records.design, d)) {
    cached(
      db,
      'UPDATE designs SET name = ?, description = ?, updated_hlc = ?, sig = ? WHERE id = ?',
    ).run(d.name, d.description, d.updated, d.sig, d.id);
    changed = true;
  }

  changed = insertNewPages(db, stored, merged, thumbnails) || changed;
  const oldPages = new Map((stored?.records.pages ?? []).map((p) => [p.id, p]));
  const livePages = new Set(merged.pages.map((p) => p.id));
  const touchedPages = new Set<string>();
  const commentsChanged = applyCommentRecords(
    db,
    designId,
    stored,
    merged,
    livePages,
    touchedPages,
  );
  changed = commentsChanged || changed;
  // Pages last but one: a page's comments have left it (or been kept) before it goes.
  for (const id of oldPages.keys()) {
    if (livePages.has(id)) continue;
    cached(db, 'DELETE FROM pages WHERE id = ?').run(id);
    changed = true;
  }
  for (const page of merged.pages) {
    const old = oldPages.get(page.id);
    // New pages went in before their comments.
    if (!old || sameRecord(old, page)) continue;
    writePage(db, designId, page, false, thumbnails);
    changed = true;
  }

  const oldTombstones = new Map((stored?.records.tombstones ?? []).map((t) => [t.id, t]));
  for (const t of merged.tombstones) {
    const old = oldTombstones.get(t.id);
    if (old && sameRecord(old, t)) continue;
    writeTombstone(db, {
      id: t.id,
      design_id: designId,
      kind: t.kind,
      author: t.author,
      page_id: t.pageId ?? null,
      number: null,
      created_hlc: t.created,
      updated_hlc: t.updated,
      sig: t.sig,
    });
    if (t.pageId) touchedPages.add(t.pageId);
    changed = true;
  }
  renumberPages(db, touchedPages);

  if (changed) {
    withClock(db, (clock) => {
      if (latestStamp) clock.receive(decodeHlc(latestStamp));
      touchDesign(db, designId, new Date(clock.now().wall).toISOString());
    });
  }
  return { changed };
}

/** Inserts the pages `merged` has and `stored` does not (before their comments). */
function insertNewPages(
  db: DatabaseSync,
  stored: StoredDesign | null,
  merged: DesignFile,
  thumbnails: Thumbnails,
): boolean {
  const old = new Set((stored?.records.pages ?? []).map((p) => p.id));
  let changed = false;
  for (const page of merged.pages) {
    if (old.has(page.id)) continue;
    writePage(db, merged.design.id, page, true, thumbnails);
    changed = true;
  }
  return changed;
}
