import type { DatabaseSync } from 'node:sqlite';
import type { DesignFile } from '../../shared/package-schemas.ts';
import type { MergeRefusal } from './merge.ts';

// Where each kind's ids live, with the design each belongs to.
const OWNERS = {
  page: 'SELECT id FROM pages WHERE design_id <> ?1 AND id IN (SELECT value FROM json_each(?2))',
  comment:
    'SELECT id FROM comments WHERE design_id <> ?1 AND id IN (SELECT value FROM json_each(?2))',
  reply: `SELECT r.id FROM replies r JOIN comments c ON c.id = r.comment_id
    WHERE c.design_id <> ?1 AND r.id IN (SELECT value FROM json_each(?2))`,
  tombstone:
    'SELECT id FROM tombstones WHERE design_id <> ?1 AND id IN (SELECT value FROM json_each(?2))',
  kept: `SELECT id FROM kept_records WHERE design_id <> ?1
    AND id IN (SELECT value FROM json_each(?2))`,
} as const;

/**
 * Leaves out, and reports, the package's records whose ids this machine already holds in
 * another design: ids are unique across designs here, and a package must not reach into
 * a design it is not of.
 */
export function dropForeignIds(
  db: DatabaseSync,
  file: DesignFile,
  refused: MergeRefusal[],
): DesignFile {
  const designId = file.design.id;
  const taken = (sql: string, ids: string[]) =>
    new Set(
      (db.prepare(sql).all(designId, JSON.stringify(ids)) as { id: string }[]).map((r) => r.id),
    );
  const keptIds = (ids: string[]) => taken(OWNERS.kept, ids);
  const pages = taken(
    OWNERS.page,
    file.pages.map((p) => p.id),
  );
  const comments = new Set([
    ...taken(
      OWNERS.comment,
      file.comments.map((c) => c.id),
    ),
    ...keptIds(file.comments.map((c) => c.id)),
  ]);
  const replies = new Set([
    ...taken(
      OWNERS.reply,
      file.replies.map((r) => r.id),
    ),
    ...keptIds(file.replies.map((r) => r.id)),
  ]);
  const tombstones = taken(
    OWNERS.tombstone,
    file.tombstones.map((t) => t.id),
  );
  if (pages.size + comments.size + replies.size + tombstones.size === 0) return file;

  const keep = <T extends { id: string }>(
    kind: MergeRefusal['kind'],
    list: T[],
    ids: Set<string>,
  ) =>
    list.filter((r) => {
      if (!ids.has(r.id)) return true;
      refused.push({
        kind,
        id: r.id,
        message: `The ${kind} ${r.id} has the id of a record in another design; it was left out.`,
      });
      return false;
    });
  return {
    ...file,
    pages: keep('page', file.pages, pages),
    comments: keep('comment', file.comments, comments),
    replies: keep('reply', file.replies, replies),
    statuses: file.statuses.filter((s) => !comments.has(s.id)),
    tombstones: keep('tombstone', file.tombstones, tombstones),
  };
}
