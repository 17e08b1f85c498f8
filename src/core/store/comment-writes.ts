import type { DatabaseSync } from 'node:sqlite';
import type { Comment, CommentStatus } from '../../shared/domain.ts';
import type { CommentEdit, NewCommentInput } from '../../shared/schemas.ts';
import { assertMayChangeComment, type CommentChange } from '../permissions.ts';
import { encodeHlc } from '../packages/hlc.ts';
import { isoOfStamp, stampNow, withClock } from './clock.ts';
import { writeAnchor } from './anchors.ts';
import { newCommentId } from './comment-ids.ts';
import { getComment } from './comment-reads.ts';
import { replyRecordOf } from './record-rows.ts';
import {
  requireComment,
  requirePage,
  requireReviewer,
  touchDesign,
  type CommentRow,
  type ReplyRow,
} from './records.ts';
import { cached } from './statements.ts';
import { keepRecord, nextPinNumber, writeTombstone } from './tombstones.ts';
import { transaction } from './transaction.ts';

/**
 * A new comment as `comments.add` parsed it (text already checked by the contract's
 * schema), with its author: the local user for the bridge, anyone for an import.
 */
export type NewComment = NewCommentInput & { reviewerId: string };

const INSERT = `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y,
    status, created_at, updated_at, created_hlc, updated_hlc, number)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)`;

export { newCommentId };

/**
 * Pins a new, open comment to a page. Throws `not-found` for an unknown page or
 * reviewer, and then nothing is added.
 */
export function addComment(db: DatabaseSync, comment: NewComment): Comment {
  const id = newCommentId();
  transaction(db, () => {
    const page = requirePage(db, comment.pageId);
    const reviewer = requireReviewer(db, comment.reviewerId);
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    const { tag, contents, x, y } = comment;
    const number = nextPinNumber(db, page.id);
    cached(db, INSERT).run(
      id,
      page.design_id,
      page.id,
      reviewer.id,
      tag,
      contents,
      x,
      y,
      at,
      at,
      stamp,
      stamp,
      number,
    );
    // On a captured page, the comment remembers its element so a re-capture can follow it.
    if (page.elements !== null) writeAnchor(db, id, page.elements, x, y);
    touchDesign(db, page.design_id, at);
  });
  return getComment(db, id);
}

const COUNT_REVIEWERS = `SELECT COUNT(*) AS n FROM reviewers
  WHERE id IN (SELECT value FROM json_each(?))`;

/**
 * Throws `not-found` unless every id names a reviewer: one query for the whole set (a
 * bulk insert names dozens of reviewers per batch), and on a miss the same error
 * `requireReviewer` gives.
 */
function requireReviewers(db: DatabaseSync, ids: ReadonlySet<string>): void {
  const { n } = cached(db, COUNT_REVIEWERS).get(JSON.stringify([...ids])) as { n: number };
  if (n !== ids.size) for (const id of ids) requireReviewer(db, id);
}

/**
 * Pins many new, open comments in one transaction: an unknown page or reviewer refuses
 * the whole batch and nothing is added. Each gets its own clock stamp, in the order
 * given, and so the next pin number on its page. Returns them in the order given.
 */
export function addComments(db: DatabaseSync, comments: readonly NewComment[]): Comment[] {
  const added: Comment[] = [];
  transaction(db, () =>
    withClock(db, (clock) => {
      const at = new Date(clock.now().wall).toISOString();
      const pages = new Map<string, ReturnType<typeof requirePage>>();
      for (const c of comments) {
        if (!pages.has(c.pageId)) pages.set(c.pageId, requirePage(db, c.pageId));
      }
      requireReviewers(db, new Set(comments.map((c) => c.reviewerId)));
      const numbers = new Map<string, number>();
      const insert = cached(db, INSERT);
      for (const c of comments) {
        const page = pages.get(c.pageId)!;
        const id = newCommentId();
        const stamp = encodeHlc(clock.now());
        const number = numbers.get(page.id) ?? nextPinNumber(db, page.id);
        numbers.set(page.id, number + 1);
        insert.run(
          id,
          page.design_id,
          page.id,
          c.reviewerId,
          c.tag,
          c.contents,
          c.x,
          c.y,
          at,
          at,
          stamp,
          stamp,
          number,
        );
        added.push({
          id,
          contents: c.contents,
          created_at: at,
          reviewerId: c.reviewerId,
          pageId: page.id,
          tag: c.tag,
          position: { x: c.x, y: c.y, page: page.id },
          status: 'open',
          number,
          unread: false,
          replies: [],
        });
      }
      const designs = new Set([...pages.values()].map((page) => page.design_id));
      for (const designId of designs) touchDesign(db, designId, at);
    }),
  );
  return added;
}

/**
 * Runs `write` on the comment in one transaction, once the permissions allow `actorId`
 * to make `change`; records the activity in the comment's design. When `unchanged`
 * says the change would change nothing, nothing is written (no stamp, no activity).
 */
function changeComment(
  db: DatabaseSync,
  id: string,
  actorId: string,
  change: CommentChange,
  write: (row: CommentRow, stamp: string, at: string) => void,
  unchanged: (row: CommentRow) => boolean = () => false,
): void {
  transaction(db, () => {
    const row = requireComment(db, id);
    requireReviewer(db, actorId);
    assertMayChangeComment(actorId, row, change);
    if (unchanged(row)) return;
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    write(row, stamp, at);
    touchDesign(db, row.design_id, at);
  });
}

/**
 * Changes a comment's text and/or tag, as `actorId` (see permissions). A real change
 * marks the comment edited (`editedAt`); an edit that changes nothing writes nothing.
 */
export function editComment(
  db: DatabaseSync,
  id: string,
  actorId: string,
  edit: CommentEdit,
): Comment {
  const next = (row: CommentRow) => ({
    contents: edit.contents ?? row.contents,
    tag: edit.tag ?? row.tag,
  });
  changeComment(
    db,
    id,
    actorId,
    'edit',
    (row, stamp, at) => {
      const { contents, tag } = next(row);
      db.prepare(
        `UPDATE comments SET contents = ?, tag = ?, edited_at = ?, updated_at = ?, updated_hlc = ?,
           sig = NULL WHERE id = ?`,
      ).run(contents, tag, at, at, stamp, row.id);
    },
    (row) => next(row).contents === row.contents && next(row).tag === row.tag,
  );
  return getComment(db, id);
}

/**
 * Deletes a comment, as `actorId` (see permissions). A tombstone keeps its number and
 * its deletion, to travel in packages; its replies, which belong to their authors, are
 * kept out of sight.
 */
export function deleteComment(db: DatabaseSync, id: string, actorId: string): void {
  changeComment(db, id, actorId, 'delete', (row, stamp) => {
    const replies = db
      .prepare('SELECT * FROM replies WHERE comment_id = ?')
      .all(row.id) as unknown as ReplyRow[];
    for (const reply of replies) keepRecord(db, row.design_id, 'reply', replyRecordOf(reply));
    writeTombstone(db, {
      id: row.id,
      design_id: row.design_id,
      kind: 'comment',
      author: row.reviewer_id,
      page_id: row.page_id,
      number: row.number,
      created_hlc: row.created_hlc,
      updated_hlc: stamp,
      sig: null,
    });
    db.prepare('DELETE FROM comments WHERE id = ?').run(row.id);
  });
}

/** Resolves or reopens a comment, as `actorId` (see permissions). */
export function setCommentStatus(
  db: DatabaseSync,
  id: string,
  actorId: string,
  status: CommentStatus,
): Comment {
  changeComment(db, id, actorId, 'set-status', (row, stamp) => {
    // The status is a register of its own: setting it is not an edit of the comment.
    db.prepare(
      `UPDATE comments SET status = ?1, status_by = ?2, status_created = COALESCE(status_created, ?3),
         status_updated = ?3, status_sig = NULL WHERE id = ?4`,
    ).run(status, actorId, stamp, row.id);
  });
  return getComment(db, id);
}

/** Moves a comment's pin to x, y (percent) on the same page, as `actorId` (see permissions). */
export function moveComment(
  db: DatabaseSync,
  id: string,
  actorId: string,
  x: number,
  y: number,
): Comment {
  changeComment(db, id, actorId, 'move', (row, stamp, at) => {
    db.prepare(
      'UPDATE comments SET x = ?, y = ?, updated_at = ?, updated_hlc = ?, sig = NULL WHERE id = ?',
    ).run(x, y, at, stamp, row.id);
    writeAnchor(db, row.id, requirePage(db, row.page_id).elements, x, y);
  });
  return getComment(db, id);
}
