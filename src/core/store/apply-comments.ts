import type { DatabaseSync } from 'node:sqlite';
import type {
  CommentRecord,
  DesignFile,
  ReplyRecord,
  StatusRecord,
} from '../../shared/package-schemas.ts';
import { isoOfStamp } from './clock.ts';
import type { StoredDesign } from './design-state.ts';
import { cached } from './statements.ts';
import { dropKeptRecord, keepRecord, type KeptKind } from './tombstones.ts';

type Place = 'row' | 'kept';
type Versioned = { id: string; updated: string };

/** Where each record of a kind is now, and its version. */
function placesOf<T extends Versioned>(rows: readonly T[], kept: ReadonlySet<string>) {
  return new Map(rows.map((r) => [r.id, { place: (kept.has(r.id) ? 'kept' : 'row') as Place, r }]));
}

function insertComment(db: DatabaseSync, designId: string, c: CommentRecord, unread: boolean) {
  cached(
    db,
    `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y, status,
       created_at, updated_at, created_hlc, updated_hlc, sig, unread)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.id,
    designId,
    c.pageId,
    c.author,
    c.tag,
    c.contents,
    c.x,
    c.y,
    isoOfStamp(c.created),
    isoOfStamp(c.updated),
    c.created,
    c.updated,
    c.sig,
    unread ? 1 : 0,
  );
}

function updateComment(db: DatabaseSync, c: CommentRecord) {
  cached(
    db,
    `UPDATE comments SET tag = ?, contents = ?, x = ?, y = ?, updated_at = ?, updated_hlc = ?,
       sig = ? WHERE id = ?`,
  ).run(c.tag, c.contents, c.x, c.y, isoOfStamp(c.updated), c.updated, c.sig, c.id);
}

function writeStatus(db: DatabaseSync, s: StatusRecord) {
  cached(
    db,
    `UPDATE comments SET status = ?, status_by = ?, status_created = ?, status_updated = ?,
       status_sig = ? WHERE id = ?`,
  ).run(s.status, s.author, s.created, s.updated, s.sig, s.id);
}

function insertReply(db: DatabaseSync, r: ReplyRecord, unread: boolean) {
  cached(
    db,
    `INSERT INTO replies (id, comment_id, reviewer_id, contents, created_at, updated_at,
       created_hlc, updated_hlc, sig, unread) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.id,
    r.commentId,
    r.author,
    r.contents,
    isoOfStamp(r.created),
    isoOfStamp(r.updated),
    r.created,
    r.updated,
    r.sig,
    unread ? 1 : 0,
  );
}

function updateReply(db: DatabaseSync, r: ReplyRecord) {
  cached(
    db,
    'UPDATE replies SET contents = ?, updated_at = ?, updated_hlc = ?, sig = ? WHERE id = ?',
  ).run(r.contents, isoOfStamp(r.updated), r.updated, r.sig, r.id);
}

/**
 * Writes a merge's comments, statuses and replies over what was stored. A comment is
 * shown (a row) when its page is, a reply or status when its comment is; otherwise the
 * record is kept out of sight. Rows leave first (replies, then comments), so nothing
 * cascades away unseen; then each record is written where it belongs, only if it is new
 * or newer. A comment or reply this machine never had is marked unread. Adds the pages
 * whose numbering may have changed to `touched`. Returns whether anything changed.
 */
export function applyCommentRecords(
  db: DatabaseSync,
  designId: string,
  stored: StoredDesign | null,
  merged: DesignFile,
  livePages: ReadonlySet<string>,
  touched: Set<string>,
): boolean {
  const none = new Set<string>();
  const old = {
    comment: placesOf(stored?.records.comments ?? [], stored?.kept.comment ?? none),
    reply: placesOf(stored?.records.replies ?? [], stored?.kept.reply ?? none),
    status: placesOf(stored?.records.statuses ?? [], stored?.kept.status ?? none),
  };
  const commentPlace = new Map<string, Place>();
  for (const c of merged.comments) commentPlace.set(c.id, livePages.has(c.pageId) ? 'row' : 'kept');
  const placeOnComment = (commentId: string): Place =>
    commentPlace.get(commentId) === 'row' ? 'row' : 'kept';
  const want = {
    comment: new Map(merged.comments.map((c) => [c.id, commentPlace.get(c.id)!])),
    reply: new Map(merged.replies.map((r) => [r.id, placeOnComment(r.commentId)])),
    status: new Map(merged.statuses.map((s) => [s.id, placeOnComment(s.id)])),
  };
  let changed = false;

  // Rows that must go: deleted, or moving out of sight.
  for (const kind of ['reply', 'comment'] as const) {
    for (const [id, { place, r }] of old[kind]) {
      if (place !== 'row' || want[kind].get(id) === 'row') continue;
      cached(db, `DELETE FROM ${kind === 'reply' ? 'replies' : 'comments'} WHERE id = ?`).run(id);
      if (kind === 'comment') touched.add((r as unknown as CommentRecord).pageId);
      changed = true;
    }
  }
  // Kept records that must go: deleted, or (never in practice) shown again.
  for (const kind of ['comment', 'reply', 'status'] as const satisfies KeptKind[]) {
    for (const [id, { place }] of old[kind]) {
      if (place === 'kept' && want[kind].get(id) !== 'kept') {
        dropKeptRecord(db, kind, id);
        changed = true;
      }
    }
  }

  /** Writes one record where it belongs, if new or newer; true when it wrote. */
  const write = <T extends Versioned>(
    kind: KeptKind,
    record: T,
    asRow: (isNew: boolean, known: boolean) => void,
  ): boolean => {
    const before = old[kind].get(record.id);
    const place = want[kind].get(record.id)!;
    const same = before && before.place === place && before.r.updated === record.updated;
    if (same) return false;
    if (place === 'kept') keepRecord(db, designId, kind, record);
    else asRow(!before || before.place !== 'row', before !== undefined);
    return true;
  };

  for (const c of merged.comments) {
    const wrote = write('comment', c, (isNew, known) =>
      isNew ? insertComment(db, designId, c, !known) : updateComment(db, c),
    );
    if (wrote) {
      touched.add(c.pageId);
      changed = true;
    }
  }
  for (const s of merged.statuses) {
    // A comment inserted just now starts open with no status record: write it.
    const fresh = want.status.get(s.id) === 'row' && old.comment.get(s.id)?.place !== 'row';
    const before = old.status.get(s.id);
    if (fresh && (!before || before.place !== 'row')) {
      writeStatus(db, s);
      changed = true;
      continue;
    }
    changed = write('status', s, () => writeStatus(db, s)) || changed;
  }
  for (const r of merged.replies) {
    changed =
      write('reply', r, (isNew, known) =>
        isNew ? insertReply(db, r, !known) : updateReply(db, r),
      ) || changed;
  }
  return changed;
}
