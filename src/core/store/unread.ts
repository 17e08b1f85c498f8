import type { DatabaseSync } from 'node:sqlite';
import { requirePage } from './records.ts';
import { transaction } from './transaction.ts';

/**
 * Marks a page's comments and their replies as seen: those that arrived in a review
 * package are unread until their page has been shown. Throws `not-found` for an unknown
 * page; a page with nothing unread is left untouched.
 */
export function markPageSeen(db: DatabaseSync, pageId: string): void {
  const page = requirePage(db, pageId);
  const unread = db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM comments WHERE page_id = ?1 AND unread = 1)
         OR EXISTS (SELECT 1 FROM replies r JOIN comments c ON c.id = r.comment_id
                    WHERE c.page_id = ?1 AND r.unread = 1) AS any`,
    )
    .get(page.id) as { any: number };
  if (!unread.any) return;
  transaction(db, () => {
    db.prepare('UPDATE comments SET unread = 0 WHERE page_id = ? AND unread = 1').run(page.id);
    db.prepare(
      `UPDATE replies SET unread = 0 WHERE unread = 1
         AND comment_id IN (SELECT id FROM comments WHERE page_id = ?)`,
    ).run(page.id);
  });
}
