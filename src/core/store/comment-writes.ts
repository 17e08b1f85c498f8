import type { DatabaseSync } from 'node:sqlite';
import { v7 } from 'uuid';
import type { Comment, CommentStatus } from '../../shared/domain.ts';
import type { CommentEdit, NewCommentInput } from '../../shared/schemas.ts';
import { assertMayChangeComment, type CommentChange } from '../permissions.ts';
import { getComment } from './comment-reads.ts';
import {
  nowIso,
  requireComment,
  requirePage,
  requireReviewer,
  touchDesign,
  type CommentRow,
} from './records.ts';
import { cached } from './statements.ts';
import { transaction } from './transaction.ts';

/**
 * A new comment as `comments.add` parsed it (text already checked by the contract's
 * schema), with its author: the local user for the bridge, anyone for an import.
 */
export type NewComment = NewCommentInput & { reviewerId: string };

const INSERT = `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y,
    status, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`;

/**
 * A new comment's id: a time-ordered uuid (version 7), so new comments go at the end of
 * the id index instead of all over it, and a bulk insert touches few index pages.
 */
export function newCommentId(): string {
  return v7();
}

/**
 * Pins a new, open comment to a page. Throws `not-found` for an unknown page or
 * reviewer, and then nothing is added.
 */
export function addComment(db: DatabaseSync, comment: NewComment): Comment {
  const id = newCommentId();
  transaction(db, () => {
    const page = requirePage(db, comment.pageId);
    const reviewer = requireReviewer(db, comment.reviewerId);
    const at = nowIso();
    const { tag, contents, x, y } = comment;
    cached(db, INSERT).run(id, page.design_id, page.id, reviewer.id, tag, contents, x, y, at, at);
    touchDesign(db, page.design_id, at);
  });
  return getComment(db, id);
}

/**
 * Pins many new, open comments in one transaction: an unknown page or reviewer refuses
 * the whole batch and nothing is added. They share one creation time. Returns them in
 * the order given.
 */
export function addComments(db: DatabaseSync, comments: readonly NewComment[]): Comment[] {
  const at = nowIso();
  const added: Comment[] = [];
  transaction(db, () => {
    const pages = new Map<string, ReturnType<typeof requirePage>>();
    const reviewers = new Set<string>();
    const designs = new Set<string>();
    const insert = cached(db, INSERT);
    for (const c of comments) {
      let page = pages.get(c.pageId);
      if (!page) {
        page = requirePage(db, c.pageId);
        pages.set(c.pageId, page);
      }
      if (!reviewers.has(c.reviewerId)) {
        requireReviewer(db, c.reviewerId);
        reviewers.add(c.reviewerId);
      }
      const id = newCommentId();
      insert.run(id, page.design_id, page.id, c.reviewerId, c.tag, c.contents, c.x, c.y, at, at);
      designs.add(page.design_id);
      added.push({
        id,
        contents: c.contents,
        created_at: at,
        reviewerId: c.reviewerId,
        pageId: page.id,
        tag: c.tag,
        position: { x: c.x, y: c.y, page: page.id },
        status: 'open',
        replies: [],
      });
    }
    for (const designId of designs) touchDesign(db, designId, at);
  });
  return added;
}

/**
 * Runs `write` on the comment in one transaction, once the permissions allow `actorId`
 * to make `change`; records the activity in the comment's design unless `write` says
 * (by returning false) that it changed nothing.
 */
function changeComment(
  db: DatabaseSync,
  id: string,
  actorId: string,
  change: CommentChange,
  write: (row: CommentRow, at: string) => void | false,
): void {
  transaction(db, () => {
    const row = requireComment(db, id);
    requireReviewer(db, actorId);
    assertMayChangeComment(actorId, row, change);
    const at = nowIso();
    if (write(row, at) === false) return;
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
  changeComment(db, id, actorId, 'edit', (row, at) => {
    const contents = edit.contents ?? row.contents;
    const tag = edit.tag ?? row.tag;
    if (contents === row.contents && tag === row.tag) return false;
    db.prepare(
      'UPDATE comments SET contents = ?, tag = ?, edited_at = ?, updated_at = ? WHERE id = ?',
    ).run(contents, tag, at, at, row.id);
  });
  return getComment(db, id);
}

/** Deletes a comment and its replies, as `actorId` (see permissions). */
export function deleteComment(db: DatabaseSync, id: string, actorId: string): void {
  changeComment(db, id, actorId, 'delete', (row) => {
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
  changeComment(db, id, actorId, 'set-status', (row, at) => {
    db.prepare('UPDATE comments SET status = ?, updated_at = ? WHERE id = ?').run(
      status,
      at,
      row.id,
    );
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
  changeComment(db, id, actorId, 'move', (row, at) => {
    db.prepare('UPDATE comments SET x = ?, y = ?, updated_at = ? WHERE id = ?').run(
      x,
      y,
      at,
      row.id,
    );
  });
  return getComment(db, id);
}
