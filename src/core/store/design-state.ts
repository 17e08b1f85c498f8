import type { DatabaseSync } from 'node:sqlite';
import type {
  CommentRecord,
  DesignFile,
  ReplyRecord,
  StatusRecord,
} from '../../shared/package-schemas.ts';
import {
  commentRecordOf,
  designRecordOf,
  pageRecordOf,
  replyRecordOf,
  reviewerRecordOf,
  statusRecordOf,
  tombstoneRecordOf,
  type Unsigned,
} from './record-rows.ts';
import type { CommentRow, DesignRow, PageRow, ReplyRow, ReviewerRow } from './records.ts';
import { listKeptRecords, listTombstones } from './tombstones.ts';

/** Every record list of a design file, with signatures that may still be missing. */
export type UnsignedDesignFile = {
  [K in keyof DesignFile]: DesignFile[K] extends (infer R extends { sig: string })[]
    ? Unsigned<R>[]
    : DesignFile[K] extends { sig: string }
      ? Unsigned<DesignFile[K]>
      : never;
};

/** A design as this machine holds it, as package records. */
export interface StoredDesign {
  /** The design's owner; null for a design made before any profile. */
  owner: string | null;
  records: UnsignedDesignFile;
  /** Ids of the records kept out of sight, by kind. */
  kept: { comment: Set<string>; reply: Set<string>; status: Set<string> };
}

/**
 * Reads a design's records: the design, its pages, its comments and replies (shown and
 * kept), statuses, tombstones, and the reviewers they name who have a pinned key. Null
 * for a design this machine does not hold.
 */
export function readDesignState(db: DatabaseSync, designId: string): StoredDesign | null {
  const design = db.prepare('SELECT * FROM designs WHERE id = ?').get(designId) as
    DesignRow | undefined;
  if (!design) return null;
  const owner = design.owner_id ?? '';
  const pages = db
    .prepare('SELECT * FROM pages WHERE design_id = ?')
    .all(designId) as unknown as PageRow[];
  const commentRows = db
    .prepare('SELECT * FROM comments WHERE design_id = ?')
    .all(designId) as unknown as CommentRow[];
  const replyRows = db
    .prepare(
      'SELECT r.* FROM replies r JOIN comments c ON c.id = r.comment_id WHERE c.design_id = ?',
    )
    .all(designId) as unknown as ReplyRow[];
  const keptComments = listKeptRecords<Unsigned<CommentRecord>>(db, designId, 'comment');
  const keptReplies = listKeptRecords<Unsigned<ReplyRecord>>(db, designId, 'reply');
  const keptStatuses = listKeptRecords<Unsigned<StatusRecord>>(db, designId, 'status');

  const comments = [...commentRows.map(commentRecordOf), ...keptComments];
  const replies = [...replyRows.map(replyRecordOf), ...keptReplies];
  const statuses = [...commentRows.map(statusRecordOf).filter((s) => s !== null), ...keptStatuses];
  const tombstones = listTombstones(db, designId).map((row) => tombstoneRecordOf(row, owner));

  const people = new Set<string>([owner]);
  for (const list of [comments, replies, statuses, tombstones]) {
    for (const record of list) people.add(record.author);
  }
  const reviewers: UnsignedDesignFile['reviewers'] = [];
  const byId = db.prepare('SELECT * FROM reviewers WHERE id = ?');
  for (const id of [...people].sort()) {
    const row = byId.get(id) as ReviewerRow | undefined;
    const record = row && reviewerRecordOf(row);
    if (record) reviewers.push(record);
  }

  return {
    owner: design.owner_id,
    records: {
      design: designRecordOf(design, owner),
      pages: pages.map((row) => pageRecordOf(row, owner)),
      reviewers,
      comments,
      replies,
      statuses,
      tombstones,
    },
    kept: {
      comment: new Set(keptComments.map((r) => r.id)),
      reply: new Set(keptReplies.map((r) => r.id)),
      status: new Set(keptStatuses.map((r) => r.id)),
    },
  };
}

/** Every pinned key on this machine: reviewer id → public key. */
export function pinnedKeys(db: DatabaseSync): Map<string, string> {
  const rows = db
    .prepare('SELECT id, public_key FROM reviewers WHERE public_key IS NOT NULL')
    .all() as { id: string; public_key: string }[];
  return new Map(rows.map((row) => [row.id, row.public_key]));
}
