import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';

/** The current time as an ISO-8601 UTC timestamp, the form every row stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** The settings key naming the reviewer who uses this machine. */
export const LOCAL_REVIEWER_KEY = 'local_reviewer_id';

export interface DesignRow {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface PageRow {
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

export interface ReviewerRow {
  id: string;
  name: string;
  role: string;
  avatar_hash: string | null;
  created_at: string;
}

export interface CommentRow {
  id: string;
  design_id: string;
  page_id: string;
  reviewer_id: string;
  tag: string;
  contents: string;
  x: number;
  y: number;
  status: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
}

export interface ReplyRow {
  id: string;
  comment_id: string;
  reviewer_id: string;
  contents: string;
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
