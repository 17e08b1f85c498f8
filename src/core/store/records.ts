import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';

/** The current time as an ISO-8601 UTC timestamp, the form every row stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** The settings key naming the reviewer who uses this machine. */
export const LOCAL_REVIEWER_KEY = 'local_reviewer_id';

/** Columns migration 4 gave every record's row: clock stamps and the author's signature. */
export interface Stamped {
  created_hlc: string;
  updated_hlc: string;
  /** Null for a record of the local user's not yet exported (it is signed then). */
  sig: string | null;
}

export interface DesignRow extends Stamped {
  id: string;
  name: string;
  description: string;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PageRow extends Stamped {
  id: string;
  design_id: string;
  name: string;
  position: number;
  image_hash: string;
  image_ext: string;
  width: number;
  height: number;
  thumb_hash: string;
  elements: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewerRow extends Stamped {
  id: string;
  name: string;
  role: string;
  avatar_hash: string | null;
  /** The avatar's type; null means WebP (every avatar made on this machine). */
  avatar_ext: string | null;
  /** The key pinned the first time this reviewer was seen. */
  public_key: string | null;
  created_at: string;
}

export interface CommentRow extends Stamped {
  id: string;
  design_id: string;
  page_id: string;
  reviewer_id: string;
  tag: string;
  contents: string;
  x: number;
  y: number;
  status: string;
  status_by: string | null;
  status_created: string | null;
  status_updated: string | null;
  status_sig: string | null;
  number: number;
  unread: number;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
}

export interface ReplyRow extends Stamped {
  id: string;
  comment_id: string;
  reviewer_id: string;
  contents: string;
  unread: number;
  created_at: string;
  updated_at: string;
}

function find<T>(db: DatabaseSync, table: string, id: string, label: string): T {
  const row = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id);
  if (!row) {
    throw new CritError('not-found', `That ${label} does not exist; it may have been deleted.`);
  }
  return row as unknown as T;
}

/** The design row with this id, or `CritError('not-found')`. */
export const requireDesign = (db: DatabaseSync, id: string) =>
  find<DesignRow>(db, 'designs', id, 'design');

/** The page row with this id, or `CritError('not-found')`. */
export const requirePage = (db: DatabaseSync, id: string) => find<PageRow>(db, 'pages', id, 'page');

/** The reviewer row with this id, or `CritError('not-found')`. */
export const requireReviewer = (db: DatabaseSync, id: string) =>
  find<ReviewerRow>(db, 'reviewers', id, 'reviewer');

/** The comment row with this id, or `CritError('not-found')`. */
export const requireComment = (db: DatabaseSync, id: string) =>
  find<CommentRow>(db, 'comments', id, 'comment');

/** The reply row with this id, or `CritError('not-found')`. */
export const requireReply = (db: DatabaseSync, id: string) =>
  find<ReplyRow>(db, 'replies', id, 'reply');

/** Records activity in a design: its `updated_at` orders the landing screen's list. */
export function touchDesign(db: DatabaseSync, designId: string, at: string): void {
  db.prepare('UPDATE designs SET updated_at = ? WHERE id = ?').run(at, designId);
}

/** The local user's reviewer id, or null before a profile exists. */
export function localReviewerId(db: DatabaseSync): string | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(LOCAL_REVIEWER_KEY) as
    { value: string } | undefined;
  return row?.value ?? null;
}

/**
 * Refuses (`conflict`) a change to a design or its pages unless the local user owns the
 * design: a design opened from someone else's package is theirs, and their copy would
 * refuse such a change anyway. A design made before any profile existed has no owner
 * yet and is the local user's.
 */
export function assertOwnsDesign(db: DatabaseSync, design: DesignRow): void {
  if (design.owner_id !== null && design.owner_id !== localReviewerId(db)) {
    throw new CritError(
      'conflict',
      'This design belongs to the person who sent it; only they can change it or its pages.',
    );
  }
}
