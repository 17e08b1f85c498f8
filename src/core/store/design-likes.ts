import type { DatabaseSync } from 'node:sqlite';
import type { DesignLikes } from '../../shared/domain.ts';
import { nowIso, requireDesign, requireReviewer } from './records.ts';
import { cached } from './statements.ts';
import { transaction } from './transaction.ts';

/**
 * A design's likes as `reviewerId` sees them: the count, and whether they like it. With
 * no reviewer (no profile yet) nobody is "me". Throws `not-found` for an unknown design.
 */
export function getDesignLikes(
  db: DatabaseSync,
  designId: string,
  reviewerId: string | null,
): DesignLikes {
  requireDesign(db, designId);
  const { count } = cached(
    db,
    'SELECT COUNT(*) AS count FROM design_likes WHERE design_id = ?',
  ).get(designId) as { count: number };
  const mine =
    reviewerId !== null &&
    cached(db, 'SELECT 1 FROM design_likes WHERE design_id = ? AND reviewer_id = ?').get(
      designId,
      reviewerId,
    ) !== undefined;
  return { count, likedByMe: mine };
}

/**
 * Toggles `reviewerId`'s like of a design: a person likes a design once, and a second
 * toggle takes the like back. A like is a reaction, not a change to the design, so the
 * design's activity time stays. Throws `not-found` for an unknown design or reviewer.
 */
export function toggleDesignLike(
  db: DatabaseSync,
  designId: string,
  reviewerId: string,
): DesignLikes {
  transaction(db, () => {
    requireDesign(db, designId);
    requireReviewer(db, reviewerId);
    const removed = db
      .prepare('DELETE FROM design_likes WHERE design_id = ? AND reviewer_id = ?')
      .run(designId, reviewerId);
    if (removed.changes === 0) {
      db.prepare(
        'INSERT INTO design_likes (design_id, reviewer_id, created_at) VALUES (?, ?, ?)',
      ).run(designId, reviewerId, nowIso());
    }
  });
  return getDesignLikes(db, designId, reviewerId);
}
