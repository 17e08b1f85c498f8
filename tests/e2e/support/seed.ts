import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { addComment, addReply } from '../../../src/core/store/comments.ts';
import { DATABASE_FILE } from '../../../src/core/store/data-folder.ts';
import { openDatabase } from '../../../src/core/store/database.ts';
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
    const reviewerId = randomUUID();
    db.prepare(
      'INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, ?, ?, NULL, ?)',
    ).run(reviewerId, reviewer.name, reviewer.role ?? 'peer', new Date().toISOString());
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
