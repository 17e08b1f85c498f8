import { CritError } from '../shared/errors.ts';

/**
 * Who may change a comment, its pin or a reply: decided here, once, for every mutation.
 * The store calls these inside the transaction that makes the change, so no caller
 * (bridge, bench, a future package import) can go round them.
 *
 * The rules, as in most design-review tools:
 * - a comment's text and tag, its pin's place, and the comment itself (with its
 *   replies) belong to its author: only they edit, move or delete it;
 * - resolving and reopening is reviewing, not authoring: any reviewer of the design
 *   may resolve or reopen any comment (in Crit, every person with an identity on this
 *   machine reviews every design it opens);
 * - a reply belongs to its author: only they edit or delete it.
 */

/** What can be done to a comment. */
export type CommentChange = 'edit' | 'delete' | 'move' | 'set-status';
/** What can be done to a reply. */
export type ReplyChange = 'edit' | 'delete';

/** Who may make each change to a comment. */
export const COMMENT_RULES: Readonly<Record<CommentChange, 'author' | 'any-reviewer'>> = {
  edit: 'author',
  delete: 'author',
  move: 'author',
  'set-status': 'any-reviewer',
};

const VERBS: Record<CommentChange | ReplyChange, string> = {
  edit: 'edit',
  delete: 'delete',
  move: 'move the pin of',
  'set-status': 'resolve or reopen',
};

/** True when `actorId` may make `change` to a comment written by `authorId`. */
export function mayChangeComment(
  actorId: string,
  authorId: string,
  change: CommentChange,
): boolean {
  return COMMENT_RULES[change] === 'any-reviewer' || actorId === authorId;
}

/** True when `actorId` may make `change` to a reply written by `authorId`. */
export function mayChangeReply(actorId: string, authorId: string, _change: ReplyChange): boolean {
  return actorId === authorId;
}

/** Throws `CritError('conflict')` unless `actorId` may make `change` to the comment. */
export function assertMayChangeComment(
  actorId: string,
  comment: { reviewer_id: string },
  change: CommentChange,
): void {
  if (!mayChangeComment(actorId, comment.reviewer_id, change)) {
    throw new CritError('conflict', `Only the author can ${VERBS[change]} this comment.`);
  }
}

/** Throws `CritError('conflict')` unless `actorId` may make `change` to the reply. */
export function assertMayChangeReply(
  actorId: string,
  reply: { reviewer_id: string },
  change: ReplyChange,
): void {
  if (!mayChangeReply(actorId, reply.reviewer_id, change)) {
    throw new CritError('conflict', `Only the author can ${VERBS[change]} this reply.`);
  }
}
