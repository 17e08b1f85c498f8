import { CritError } from '../../shared/errors.ts';
import type {
  CommentRecord,
  DesignFile,
  PageRecord,
  ReplyRecord,
  ReviewerRecord,
  StatusRecord,
  TombstoneRecord,
} from '../../shared/package-schemas.ts';
import { summarizeChanges, type MergeChange, type PersonSummary } from './merge-summary.ts';
import { verifyRecord, type RecordKind } from './signing.ts';

/**
 * Merges a package's records into the local records of the same design. Pure: it takes
 * plain objects and returns new ones. The rules (docs/review-package.md):
 * - records are matched by id; the later `updated` stamp (hybrid logical clock) wins;
 * - an id belongs to the first author seen for it: a version or deletion of a comment or
 *   reply by anyone else is refused, and so is one of a page or the design by anyone but
 *   the design's owner;
 * - deletions are tombstones, kept forever; a deleted record never comes back;
 * - a comment's status (resolved / open) may be set by any reviewer of the design (anyone
 *   in its reviewer list, which includes the owner); the later stamp wins;
 * - every record must carry a valid signature by its author's key; a key is pinned the
 *   first time its reviewer is seen, and a reviewer record with another key is refused.
 * A refused record is reported and left out; the rest still merges.
 */

/** A record the merge left out, and why. */
export interface MergeRefusal {
  kind: RecordKind;
  id: string;
  message: string;
}

/** What a merge produced. */
export interface MergeResult {
  /** The design's records after the merge, each list sorted by id. */
  state: DesignFile;
  /** Every change the merge made to the local records. */
  changes: MergeChange[];
  /** The changes grouped by person, with a sentence each. */
  summary: PersonSummary[];
  /** Records left out, each with a message naming it. */
  refused: MergeRefusal[];
  /** Keys seen for the first time (reviewer id → public key), to be pinned. */
  newlyPinned: Map<string, string>;
  /** The latest stamp among the accepted records, for the local clock to receive. */
  latestStamp: string | null;
}

type Keyed = { id: string; author: string; updated: string; sig: string };
const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((r) => [r.id, r]));
const sorted = <T extends { id: string }>(map: Map<string, T>) =>
  [...map.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * Merges `incoming` (a read package's records) into `local` (null when this machine does
 * not have the design yet), given the keys already pinned (reviewer id → public key).
 * Throws `CritError('conflict')` only when the package is of another design, or when a
 * new design's own record does not verify; every other problem refuses one record.
 */
export function mergeDesign(
  local: DesignFile | null,
  incoming: DesignFile,
  pinned: ReadonlyMap<string, string>,
): MergeResult {
  if (local && local.design.id !== incoming.design.id) {
    throw new CritError('conflict', 'This package is of another design.');
  }
  const designId = incoming.design.id;
  const refused: MergeRefusal[] = [];
  const changes: MergeChange[] = [];
  const keys = new Map(pinned);
  const newlyPinned = new Map<string, string>();
  let latest: string | null = null;
  const refuse = (kind: RecordKind, id: string, message: string) => {
    refused.push({ kind, id, message });
  };

  // Reviewers first: their records carry the keys everything else is checked with.
  const reviewers = byId(local?.reviewers ?? []);
  for (const r of incoming.reviewers) {
    const known = keys.get(r.id);
    if (known && known !== r.publicKey) {
      refuse(
        'reviewer',
        r.id,
        `Reviewer ${r.name} (${r.id}) carries a different key from the one first seen for them.`,
      );
      continue;
    }
    if (!verifyRecord('reviewer', designId, r, r.publicKey)) {
      refuse(
        'reviewer',
        r.id,
        `Reviewer ${r.name} (${r.id}) has a signature that does not verify.`,
      );
      continue;
    }
    if (!known) {
      keys.set(r.id, r.publicKey);
      newlyPinned.set(r.id, r.publicKey);
    }
    const mine = reviewers.get(r.id);
    if (!mine || r.updated > mine.updated) reviewers.set(r.id, r);
  }

  const name = (id: string) => reviewers.get(id)?.name ?? id;
  /** Whether the record's signature verifies with its author's pinned key; refuses it if not. */
  const signed = (kind: RecordKind, label: string, record: Keyed): boolean => {
    const key = keys.get(record.author);
    if (!key) {
      refuse(kind, record.id, `${label} is by ${record.author}, whose key is unknown.`);
      return false;
    }
    if (!verifyRecord(kind, designId, record, key)) {
      refuse(
        kind,
        record.id,
        `${label} has a signature that does not verify as ${name(record.author)}'s.`,
      );
      return false;
    }
    if (latest === null || record.updated > latest) latest = record.updated;
    return true;
  };

  // The design record: its author is the owner, who alone may change it.
  let design = local?.design ?? incoming.design;
  const owner = design.author;
  if (!local) {
    if (!signed('design', `The design ${design.id}`, design)) {
      throw new CritError('conflict', refused.at(-1)!.message);
    }
    changes.push({ kind: 'design', action: 'new', id: design.id, by: owner });
  } else if (incoming.design.author !== owner) {
    refuse(
      'design',
      designId,
      `The design ${designId} was changed by ${name(incoming.design.author)}, who does not own it.`,
    );
  } else if (
    incoming.design.updated > design.updated &&
    signed('design', `The design ${designId}`, incoming.design)
  ) {
    design = incoming.design;
    changes.push({ kind: 'design', action: 'edited', id: designId, by: owner });
  }

  const live = {
    page: byId<PageRecord>(local?.pages ?? []),
    comment: byId<CommentRecord>(local?.comments ?? []),
    reply: byId<ReplyRecord>(local?.replies ?? []),
  };
  const tombstones = byId<TombstoneRecord>(local?.tombstones ?? []);

  // Deletions before records, so that a record deleted in the same package stays deleted.
  for (const t of incoming.tombstones) {
    const label = `The deletion of ${t.kind} ${t.id}`;
    const held = tombstones.get(t.id);
    const target = live[t.kind].get(t.id);
    const owns = t.kind === 'page' ? owner : (held?.author ?? target?.author ?? t.author);
    if (t.author !== owns || (held && held.kind !== t.kind)) {
      refuse(
        'tombstone',
        t.id,
        `${label} is by ${name(t.author)}, but only ${name(owns)} may delete it.`,
      );
      continue;
    }
    // Two deletions of one record: the earlier is kept, whatever order they arrive in.
    if (held && held.updated <= t.updated) continue;
    if (!signed('tombstone', label, t)) continue;
    tombstones.set(t.id, t);
    if (target) {
      live[t.kind].delete(t.id);
      changes.push({ kind: t.kind, action: 'deleted', id: t.id, by: t.author });
    }
  }

  /** Merges one kind of record by id: the author owns the id, the later stamp wins. */
  const mergeRecords = <T extends Keyed>(
    kind: 'page' | 'comment' | 'reply',
    records: readonly T[],
    map: Map<string, T>,
    allowed: (record: T, mine: T | undefined) => string | null,
  ) => {
    for (const r of records) {
      const label = `The ${kind} ${r.id}`;
      const gone = tombstones.get(r.id);
      if (gone) {
        if (gone.author !== r.author || gone.kind !== kind) {
          refuse(
            kind,
            r.id,
            `${label} by ${name(r.author)} reuses the id of a deleted ${gone.kind} by ${name(gone.author)}.`,
          );
        }
        continue;
      }
      const mine = map.get(r.id);
      const problem = allowed(r, mine);
      if (problem) {
        refuse(kind, r.id, `${label} ${problem}`);
        continue;
      }
      if (mine && r.updated <= mine.updated) continue;
      if (!signed(kind, label, r)) continue;
      map.set(r.id, r);
      changes.push({ kind, action: mine ? 'edited' : 'new', id: r.id, by: r.author });
    }
  };
  const authorOnly = (r: Keyed, mine: Keyed | undefined) =>
    mine && mine.author !== r.author
      ? `claims an edit by ${name(r.author)}, but it was written by ${name(mine.author)}; only its author can change it.`
      : null;

  mergeRecords('page', incoming.pages, live.page, (r) =>
    r.author !== owner
      ? `was changed by ${name(r.author)}; only the design's owner can change pages.`
      : null,
  );
  mergeRecords(
    'comment',
    incoming.comments,
    live.comment,
    (r, mine) =>
      authorOnly(r, mine) ?? (mine && mine.pageId !== r.pageId ? 'moves to another page.' : null),
  );
  mergeRecords(
    'reply',
    incoming.replies,
    live.reply,
    (r, mine) =>
      authorOnly(r, mine) ??
      (mine && mine.commentId !== r.commentId ? 'moves to another comment.' : null),
  );

  const statuses = byId<StatusRecord>(local?.statuses ?? []);
  for (const s of incoming.statuses) {
    const label = `The status of comment ${s.id}`;
    if (tombstones.has(s.id)) continue;
    if (!live.comment.has(s.id)) {
      refuse('status', s.id, `${label} is for a comment this design does not hold.`);
      continue;
    }
    if (s.author !== owner && !reviewers.has(s.author)) {
      refuse(
        'status',
        s.id,
        `${label} was set by ${s.author}, who is not a reviewer of this design.`,
      );
      continue;
    }
    const mine = statuses.get(s.id);
    if (mine && s.updated <= mine.updated) continue;
    if (!signed('status', label, s)) continue;
    statuses.set(s.id, s);
    if ((mine?.status ?? 'open') !== s.status) {
      changes.push({
        kind: 'comment',
        action: s.status === 'resolved' ? 'resolved' : 'reopened',
        id: s.id,
        by: s.author,
      });
    }
  }

  // A deleted comment's status goes with it.
  for (const commentId of statuses.keys())
    if (tombstones.has(commentId)) statuses.delete(commentId);

  const merged: DesignFile = {
    design,
    pages: sorted(live.page),
    reviewers: sorted<ReviewerRecord>(reviewers),
    comments: sorted(live.comment),
    replies: sorted(live.reply),
    statuses: sorted(statuses),
    tombstones: sorted(tombstones),
  };
  return {
    state: merged,
    changes,
    summary: summarizeChanges(changes, merged.reviewers),
    refused,
    newlyPinned,
    latestStamp: latest,
  };
}
