import type { DatabaseSync } from 'node:sqlite';
import { commentRecordOf, replyRecordOf, statusRecordOf } from './record-rows.ts';
import type { CommentRow, PageRow, ReplyRow } from './records.ts';
import { keepRecord } from './tombstones.ts';

/**
 * Keeps a page's comments, their statuses and their replies out of sight before the page
 * is deleted (its rows cascade away): they belong to their authors, who did not delete
 * them, and a later package must not bring them back as new.
 */
export function keepPageComments(db: DatabaseSync, page: Pick<PageRow, 'id' | 'design_id'>): void {
  const comments = db
    .prepare('SELECT * FROM comments WHERE page_id = ?')
    .all(page.id) as unknown as CommentRow[];
  const replies = db
    .prepare('SELECT r.* FROM replies r JOIN comments c ON c.id = r.comment_id WHERE c.page_id = ?')
    .all(page.id) as unknown as ReplyRow[];
  for (const row of comments) {
    keepRecord(db, page.design_id, 'comment', commentRecordOf(row));
    const status = statusRecordOf(row);
    if (status) keepRecord(db, page.design_id, 'status', status);
  }
  for (const row of replies) keepRecord(db, page.design_id, 'reply', replyRecordOf(row));
}
