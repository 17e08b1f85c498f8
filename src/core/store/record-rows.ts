import type {
  CommentRecord,
  DesignRecord,
  ImageRef,
  PageRecord,
  ReplyRecord,
  ReviewerRecord,
  StatusRecord,
  TombstoneRecord,
} from '../../shared/package-schemas.ts';
import { parseStoredElementMap } from '../../shared/element-map.ts';
import type { CommentStatus, ReviewerRole, Tag } from '../../shared/domain.ts';
import type { CommentRow, DesignRow, PageRow, ReplyRow, ReviewerRow } from './records.ts';

/**
 * Rows as the records of a review package (docs/review-package.md), and back. A record
 * read from a row carries the signature it arrived with, or null when it is the local
 * user's and not yet signed (export signs it then).
 */
export type Unsigned<T extends { sig: string }> = Omit<T, 'sig'> & { sig: string | null };

/** A tombstone row. */
export interface TombstoneRow {
  id: string;
  design_id: string;
  kind: 'page' | 'comment' | 'reply';
  author: string | null;
  page_id: string | null;
  number: number | null;
  created_hlc: string;
  updated_hlc: string;
  sig: string | null;
}

export const designRecordOf = (row: DesignRow, owner: string): Unsigned<DesignRecord> => ({
  id: row.id,
  author: owner,
  created: row.created_hlc,
  updated: row.updated_hlc,
  sig: row.sig,
  name: row.name,
  description: row.description,
});

export const pageRecordOf = (row: PageRow, owner: string): Unsigned<PageRecord> => ({
  id: row.id,
  author: owner,
  created: row.created_hlc,
  updated: row.updated_hlc,
  sig: row.sig,
  name: row.name,
  order: row.position,
  image: {
    sha256: row.image_hash,
    ext: row.image_ext as ImageRef['ext'],
    width: row.width,
    height: row.height,
  },
  elements: parseStoredElementMap(row.elements) ?? null,
});

/** A reviewer's record; null for one with no pinned key, whose records cannot travel. */
export function reviewerRecordOf(row: ReviewerRow): Unsigned<ReviewerRecord> | null {
  if (!row.public_key) return null;
  return {
    id: row.id,
    author: row.id,
    created: row.created_hlc,
    updated: row.updated_hlc,
    sig: row.sig,
    name: row.name,
    role: row.role as ReviewerRole,
    publicKey: row.public_key,
    avatar:
      row.avatar_hash === null
        ? null
        : { sha256: row.avatar_hash, ext: (row.avatar_ext ?? 'webp') as ImageRef['ext'] },
  };
}

export const commentRecordOf = (row: CommentRow): Unsigned<CommentRecord> => ({
  id: row.id,
  author: row.reviewer_id,
  created: row.created_hlc,
  updated: row.updated_hlc,
  sig: row.sig,
  pageId: row.page_id,
  tag: row.tag as Tag,
  contents: row.contents,
  x: row.x,
  y: row.y,
});

/** A comment's status record; null while its status has never been set. */
export function statusRecordOf(row: CommentRow): Unsigned<StatusRecord> | null {
  if (row.status_by === null || row.status_created === null || row.status_updated === null) {
    return null;
  }
  return {
    id: row.id,
    author: row.status_by,
    created: row.status_created,
    updated: row.status_updated,
    sig: row.status_sig,
    status: row.status as CommentStatus,
  };
}

export const replyRecordOf = (row: ReplyRow): Unsigned<ReplyRecord> => ({
  id: row.id,
  author: row.reviewer_id,
  created: row.created_hlc,
  updated: row.updated_hlc,
  sig: row.sig,
  commentId: row.comment_id,
  contents: row.contents,
});

/** A tombstone's record; a page's deletion is by the design's owner. */
export function tombstoneRecordOf(row: TombstoneRow, owner: string): Unsigned<TombstoneRecord> {
  return {
    id: row.id,
    author: row.author ?? owner,
    created: row.created_hlc,
    updated: row.updated_hlc,
    sig: row.sig,
    kind: row.kind,
    ...(row.page_id !== null ? { pageId: row.page_id } : {}),
  };
}
