import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { addComment, addReply } from '../../../src/core/store/comments.ts';
import { DATABASE_FILE } from '../../../src/core/store/data-folder.ts';
import { openDatabase } from '../../../src/core/store/database.ts';
import { localReviewerId } from '../../../src/core/store/records.ts';
import type {
  Comment,
  DesignSummary,
  Page,
  Profile,
  Reply,
  ReviewerRole,
  Tag,
} from '../../../src/shared/domain.ts';
import { bridge, wireBytes } from './bridge.ts';
import type { CritServer } from './crit-server.ts';
import { makePng } from './images.ts';

/**
 * Data put in place through the bridge before a test opens the app, so that tests about
 * one feature do not spend their time clicking through others.
 */

export function seedProfile(
  crit: CritServer,
  name = 'Dana Designer',
  role: ReviewerRole = 'peer',
): Promise<Profile> {
  return bridge<Profile>(crit, 'profile:save', [{ name, role }]);
}

/** A design with one generated page per name, in order. */
export async function seedDesign(
  crit: CritServer,
  name: string,
  pageNames: string[] = [],
): Promise<{ design: DesignSummary; pages: Page[] }> {
  const design = await bridge<DesignSummary>(crit, 'designs:create', [{ name }]);
  const pages: Page[] = [];
  for (const [i, pageName] of pageNames.entries()) {
    const png = await makePng(`${pageName}.png`, 800, 1200, (i * 70) % 360);
    pages.push(
      await bridge<Page>(crit, 'pages:add', [
        { designId: design.id, name: pageName, bytes: wireBytes(png.buffer) },
      ]),
    );
  }
  return { design, pages };
}

/** A comment by the local user (who needs a profile first). */
export function seedComment(
  crit: CritServer,
  pageId: string,
  contents: string,
  at: { x: number; y: number; tag?: Tag } = { x: 50, y: 50 },
): Promise<Comment> {
  return bridge<Comment>(crit, 'comments:add', [
    { pageId, contents, x: at.x, y: at.y, tag: at.tag ?? 'main' },
  ]);
}

export function seedReply(crit: CritServer, commentId: string, contents: string): Promise<Reply> {
  return bridge<Reply>(crit, 'comments:reply', [commentId, contents]);
}

/** A reviewer who is not the local user, with initials for an avatar; gives their id. */
function insertReviewer(db: DatabaseSync, name: string, role: ReviewerRole = 'peer'): string {
  const id = randomUUID();
  db.prepare(
    'INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, ?, ?, NULL, ?)',
  ).run(id, name, role, new Date().toISOString());
  return id;
}

/**
 * A comment by another reviewer, with a reply by them to `replyTo` if given. The bridge
 * only writes as the local user, so this goes to the data folder's database directly,
 * as feedback merged from a reviewer's package would arrive.
 */
export function seedOtherReviewersComment(
  crit: CritServer,
  reviewer: { name: string; role?: ReviewerRole },
  comment: { pageId: string; contents: string; x: number; y: number; tag?: Tag },
  replyTo?: { commentId: string; contents: string },
): { reviewerId: string; comment: Comment; reply: Reply | null } {
  const db = openDatabase(path.join(crit.dataDir, DATABASE_FILE));
  try {
    const reviewerId = insertReviewer(db, reviewer.name, reviewer.role);
    const added = addComment(db, { ...comment, tag: comment.tag ?? 'main', reviewerId });
    const reply = replyTo ? addReply(db, { ...replyTo, reviewerId }) : null;
    return { reviewerId, comment: added, reply };
  } finally {
    db.close();
  }
}

/** Sets when a design last changed, as if it had been left alone since `at`. */
export function backdateDesign(crit: CritServer, designId: string, at: Date): void {
  const db = openDatabase(path.join(crit.dataDir, DATABASE_FILE));
  try {
    db.prepare('UPDATE designs SET updated_at = ? WHERE id = ?').run(at.toISOString(), designId);
  } finally {
    db.close();
  }
}

/**
 * Many comments on one page at once, straight into the data folder's database: by the
 * local user (who needs a profile first), or by a new reviewer named `by`.
 */
export function seedCrowd(
  crit: CritServer,
  pageId: string,
  points: { x: number; y: number }[],
  by?: string,
): Comment[] {
  const db = openDatabase(path.join(crit.dataDir, DATABASE_FILE));
  try {
    let reviewerId: string;
    if (by === undefined) {
      const local = localReviewerId(db);
      if (local === null) throw new Error('seedCrowd: save a profile first');
      reviewerId = local;
    } else {
      reviewerId = insertReviewer(db, by);
    }
    return points.map((p, i) =>
      addComment(db, {
        pageId,
        contents: `${by ?? 'Own'} note ${i + 1}`,
        ...p,
        tag: 'main',
        reviewerId,
      }),
    );
  } finally {
    db.close();
  }
}
