import type { DatabaseSync } from 'node:sqlite';
import { v4 } from 'uuid';
import type { Profile, Reviewer, ReviewerRole } from '../../shared/domain.ts';
import type { ProfileInput } from '../../shared/schemas.ts';
import { storeAvatarImage } from './image-import.ts';
import { renderInitialsAvatar } from './initials-avatar.ts';
import { imageAddress, type ImageExt, type ImageStore } from './image-store.ts';
import { isoOfStamp, stampNow } from './clock.ts';
import { ensureLocalKeyPair } from './keys.ts';
import { LOCAL_REVIEWER_KEY, localReviewerId, requireDesign, type ReviewerRow } from './records.ts';
import { transaction } from './transaction.ts';

export { renderInitialsAvatar } from './initials-avatar.ts';

/** The URL path prefix of generated initials avatars: `/media/initials/<reviewerId>.svg`. */
export const INITIALS_URL_PREFIX = '/media/initials/';

export type { ProfileInput } from '../../shared/schemas.ts';

/** Where a reviewer's avatar is: the stored image, or the generated initials. */
export function avatarAddress(
  row: Pick<ReviewerRow, 'id' | 'avatar_hash'> & { avatar_ext?: string | null },
): string {
  return row.avatar_hash === null
    ? `${INITIALS_URL_PREFIX}${row.id}.svg`
    : imageAddress(row.avatar_hash, (row.avatar_ext ?? 'webp') as ImageExt);
}

function reviewerRow(db: DatabaseSync, id: string): ReviewerRow | undefined {
  return db.prepare('SELECT * FROM reviewers WHERE id = ?').get(id) as ReviewerRow | undefined;
}

/** The local user's profile, or null before one has been saved. */
export function getProfile(db: DatabaseSync): Profile | null {
  const id = localReviewerId(db);
  const row = id === null ? undefined : reviewerRow(db, id);
  if (!row) return null;
  return {
    reviewerId: row.id,
    name: row.name,
    role: row.role as ReviewerRole,
    avatar: avatarAddress(row),
  };
}

/**
 * Saves the local user's profile (as `profile.save` parsed it); the first save creates
 * their reviewer identity, which every comment written on this machine then carries.
 * An avatar image is checked like any image and stored as a 256 × 256 WebP; `null`
 * removes it, and leaving it out keeps the current one.
 */
export async function saveProfile(
  db: DatabaseSync,
  store: ImageStore,
  input: ProfileInput,
): Promise<Profile> {
  const { name, role, avatar } = input;
  let avatarHash: string | null | undefined;
  if (avatar === null) avatarHash = null;
  else if (avatar !== undefined) {
    avatarHash = await storeAvatarImage(store, avatar);
  }

  transaction(db, () => {
    const id = localReviewerId(db);
    const existing = id === null ? undefined : reviewerRow(db, id);
    const stamp = stampNow(db);
    if (existing) {
      db.prepare(
        `UPDATE reviewers SET name = ?, role = ?, avatar_hash = ?, avatar_ext = ?,
           updated_hlc = ?, sig = NULL WHERE id = ?`,
      ).run(
        name,
        role,
        avatarHash === undefined ? existing.avatar_hash : avatarHash,
        avatarHash === undefined ? existing.avatar_ext : null,
        stamp,
        existing.id,
      );
      return;
    }
    const newId = v4();
    db.prepare(
      `INSERT INTO reviewers (id, name, role, avatar_hash, created_at, created_hlc, updated_hlc)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(newId, name, role, avatarHash ?? null, isoOfStamp(stamp), stamp, stamp);
    db.prepare(
      `INSERT INTO settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(LOCAL_REVIEWER_KEY, newId);
    // Designs made before there was a profile are the new profile's.
    db.prepare('UPDATE designs SET owner_id = ? WHERE owner_id IS NULL').run(newId);
  });
  ensureLocalKeyPair(db);
  return getProfile(db) as Profile;
}

/**
 * The people in a design: everyone who commented or replied in it, plus the local
 * user. The local user comes first, then the others by name. `comments` is left empty;
 * the workspace gets comments per page.
 */
export function listDesignReviewers(db: DatabaseSync, designId: string): Reviewer[] {
  const design = requireDesign(db, designId);
  const localId = localReviewerId(db);
  const rows = db
    .prepare(
      `SELECT * FROM reviewers WHERE id IN (
         SELECT reviewer_id FROM comments WHERE design_id = ?1
         UNION
         SELECT r.reviewer_id FROM replies r JOIN comments c ON c.id = r.comment_id
           WHERE c.design_id = ?1
         UNION
         SELECT value FROM settings WHERE key = ?2)
       ORDER BY id = ?3 DESC, name COLLATE NOCASE, created_at`,
    )
    .all(design.id, LOCAL_REVIEWER_KEY, localId ?? '') as unknown as ReviewerRow[];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    img: avatarAddress(row),
    comments: [],
    role: row.role as ReviewerRole,
  }));
}

/**
 * The SVG for a request path `/media/initials/<reviewerId>.svg`, or null when the path
 * has another shape or names no reviewer.
 */
export function resolveInitialsRequest(db: DatabaseSync, urlPath: string): string | null {
  const match = /^\/media\/initials\/([0-9a-f-]{36})\.svg$/.exec(urlPath);
  const row = match ? reviewerRow(db, match[1] as string) : undefined;
  return row ? renderInitialsAvatar(row.name, row.id) : null;
}
