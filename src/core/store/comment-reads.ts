import type { DatabaseSync } from 'node:sqlite';
import type { Comment, CommentStatus, Reply, Tag } from '../../shared/domain.ts';
import {
  requireComment,
  requireDesign,
  requirePage,
  type CommentRow,
  type ReplyRow,
} from './records.ts';
import { cached } from './statements.ts';

/** Which comments to count; omitted fields count all. */
export interface CommentFilters {
  pageId?: string;
  reviewerId?: string;
  tag?: Tag;
  status?: CommentStatus;
}

/** A reply row as the bridge sends it. */
export function toReply(row: ReplyRow): Reply {
  return {
    id: row.id,
    commentId: row.comment_id,
    reviewerId: row.reviewer_id,
    contents: row.contents,
    created_at: row.created_at,
    unread: row.unread === 1,
  };
}

/** A comment's anchor columns (schema version 5), where a re-capture left its pin. */
interface AnchorColumns {
  anchor_gone: number;
  shown_x: number | null;
  shown_y: number | null;
  shown_for: string | null;
}

function toComment(row: CommentRow & Partial<AnchorColumns>, replies: Reply[]): Comment {
  // A re-capture's move of someone else's signed pin holds until the record changes.
  const shown = row.shown_for != null && row.shown_for === row.updated_hlc;
  const x = shown ? (row.shown_x ?? row.x) : row.x;
  const y = shown ? (row.shown_y ?? row.y) : row.y;
  const comment: Comment = {
    id: row.id,
    contents: row.contents,
    created_at: row.created_at,
    reviewerId: row.reviewer_id,
    pageId: row.page_id,
    tag: row.tag as Tag,
    position: { x, y, page: row.page_id },
    status: row.status as CommentStatus,
    number: row.number,
    unread: row.unread === 1,
    ...(row.anchor_gone === 1 ? { anchorGone: true as const } : {}),
    replies,
  };
  if (row.edited_at !== null) comment.editedAt = row.edited_at;
  return comment;
}

/** Where a pin shows: a re-capture's move of a signed pin while the record is unchanged. */
const SHOWN_XY = `CASE WHEN shown_for = updated_hlc THEN COALESCE(shown_x, x) ELSE x END,
    CASE WHEN shown_for = updated_hlc THEN COALESCE(shown_y, y) ELSE y END`;

// Replies read as a conversation, oldest first; rowid breaks ties within a millisecond.
const REPLY_ORDER = 'ORDER BY created_at, rowid';

/**
 * A page's comments as rows of values, in this order: about twice as fast to read. The
 * pin number is the place in creation order, so the index on it lists newest first.
 */
const PAGE_COMMENTS = `SELECT id, contents, created_at, reviewer_id, page_id, tag, ${SHOWN_XY},
    status, number, unread, anchor_gone, edited_at
  FROM comments WHERE page_id = ? ORDER BY number DESC`;
type PageCommentRow = [
  string,
  string,
  string,
  string,
  string,
  Tag,
  number,
  number,
  CommentStatus,
  number,
  number,
  number,
  string | null,
];

/** One comment with its replies. Throws `not-found`. */
export function getComment(db: DatabaseSync, id: string): Comment {
  const row = requireComment(db, id);
  const replies = cached(db, `SELECT * FROM replies WHERE comment_id = ? ${REPLY_ORDER}`).all(
    row.id,
  ) as unknown as ReplyRow[];
  return toComment(row, replies.map(toReply));
}

/**
 * The comments on a page, newest first (highest pin number first), each with its replies
 * oldest first.
 */
export function listPageComments(db: DatabaseSync, pageId: string): Comment[] {
  const rows = cached(db, PAGE_COMMENTS, true).all(pageId) as unknown as PageCommentRow[];
  // A comment's page exists (a foreign key says so): only an empty answer needs checking.
  if (rows.length === 0) {
    requirePage(db, pageId);
    return [];
  }
  const replies = new Map<string, Reply[]>();
  const replyRows = cached(
    db,
    `SELECT r.* FROM replies r JOIN comments c ON c.id = r.comment_id
     WHERE c.page_id = ? ORDER BY r.created_at, r.rowid`,
  ).all(pageId) as unknown as ReplyRow[];
  for (const reply of replyRows) {
    const list = replies.get(reply.comment_id) ?? [];
    list.push(toReply(reply));
    replies.set(reply.comment_id, list);
  }
  return rows.map(
    ([id, contents, createdAt, reviewerId, page, tag, x, y, status, n, unread, gone, editedAt]) => {
      const comment: Comment = {
        id,
        contents,
        created_at: createdAt,
        reviewerId,
        pageId: page,
        tag,
        position: { x, y, page },
        status,
        number: n,
        unread: unread === 1,
        ...(gone === 1 ? { anchorGone: true as const } : {}),
        replies: replies.get(id) ?? [],
      };
      if (editedAt !== null) comment.editedAt = editedAt;
      return comment;
    },
  );
}

/** How many comments a design has, optionally only those matching `filters`. */
export function countComments(
  db: DatabaseSync,
  designId: string,
  filters: CommentFilters = {},
): number {
  requireDesign(db, designId);
  const where = ['design_id = ?'];
  const params: string[] = [designId];
  // Values are bound, never spliced into the SQL; a value no row has counts nothing.
  const columns = { pageId: 'page_id', reviewerId: 'reviewer_id', tag: 'tag', status: 'status' };
  for (const [key, column] of Object.entries(columns)) {
    const value = filters[key as keyof CommentFilters];
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  const row = db
    .prepare(`SELECT COUNT(*) AS count FROM comments WHERE ${where.join(' AND ')}`)
    .get(...params) as { count: number };
  return row.count;
}
