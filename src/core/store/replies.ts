import type { DatabaseSync } from 'node:sqlite';
import { v4 } from 'uuid';
import type { Reply } from '../../shared/domain.ts';
import { assertMayChangeReply, type ReplyChange } from '../permissions.ts';
import { isoOfStamp, stampNow } from './clock.ts';
import { toReply } from './comment-reads.ts';
import {
  requireComment,
  requireReply,
  requireReviewer,
  touchDesign,
  type ReplyRow,
} from './records.ts';
import { writeTombstone } from './tombstones.ts';
import { transaction } from './transaction.ts';

/** A new reply to a comment; `contents` as the contract's reply schema gave it. */
export interface NewReply {
  commentId: string;
  reviewerId: string;
  contents: string;
}

/** Answers a comment. Throws `not-found` for an unknown comment or reviewer. */
export function addReply(db: DatabaseSync, reply: NewReply): Reply {
  const id = v4();
  transaction(db, () => {
    const comment = requireComment(db, reply.commentId);
    const reviewer = requireReviewer(db, reply.reviewerId);
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    db.prepare(
      `INSERT INTO replies (id, comment_id, reviewer_id, contents, created_at, updated_at,
         created_hlc, updated_hlc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, comment.id, reviewer.id, reply.contents, at, at, stamp, stamp);
    touchDesign(db, comment.design_id, at);
  });
  return toReply(requireReply(db, id));
}

/**
 * Runs `write` on the reply in one transaction, once the permissions allow `actorId` to
 * make `change`; records the activity in the reply's design.
 */
function changeReply(
  db: DatabaseSync,
  id: string,
  actorId: string,
  change: ReplyChange,
  write: (row: ReplyRow, stamp: string, at: string, designId: string) => void,
): void {
  transaction(db, () => {
    const row = requireReply(db, id);
    requireReviewer(db, actorId);
    assertMayChangeReply(actorId, row, change);
    const { design_id: designId } = requireComment(db, row.comment_id);
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    write(row, stamp, at, designId);
    touchDesign(db, designId, at);
  });
}

/** Changes a reply's text, as `actorId` (see permissions). */
export function editReply(db: DatabaseSync, id: string, actorId: string, contents: string): Reply {
  changeReply(db, id, actorId, 'edit', (row, stamp, at) => {
    db.prepare(
      'UPDATE replies SET contents = ?, updated_at = ?, updated_hlc = ?, sig = NULL WHERE id = ?',
    ).run(contents, at, stamp, row.id);
  });
  return toReply(requireReply(db, id));
}

/** Deletes a reply, as `actorId` (see permissions), leaving a tombstone to travel. */
export function deleteReply(db: DatabaseSync, id: string, actorId: string): void {
  changeReply(db, id, actorId, 'delete', (row, stamp, _at, designId) => {
    writeTombstone(db, {
      id: row.id,
      design_id: designId,
      kind: 'reply',
      author: row.reviewer_id,
      page_id: null,
      number: null,
      created_hlc: row.created_hlc,
      updated_hlc: stamp,
      sig: null,
    });
    db.prepare('DELETE FROM replies WHERE id = ?').run(row.id);
  });
}
