import fsp from 'node:fs/promises';
import { CritError } from '../../shared/errors.ts';
import type { DesignFile } from '../../shared/package-schemas.ts';
import type { TaskProgress } from '../progress.ts';
import { deviceId } from '../store/clock.ts';
import type { DataFolder } from '../store/data-folder.ts';
import { readDesignState, type UnsignedDesignFile } from '../store/design-state.ts';
import { requireLocalKeyPair } from '../store/keys.ts';
import { localReviewerId } from '../store/records.ts';
import { PACKAGE_EXTENSION } from './format.ts';
import { createSigner, type RecordKind } from './signing.ts';
import { writePackage } from './write-package.ts';

/** A review package, ready to be saved or downloaded. */
export interface ExportedPackage {
  fileName: string;
  bytes: Uint8Array;
}

/** A file name for the package from the design's name: no path or reserved characters. */
export function packageFileName(designName: string): string {
  const base = designName
    // oxlint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 100);
  return `${base || 'design'}${PACKAGE_EXTENSION}`;
}

/**
 * Gives every record a signature: the local user's own are signed now with the local
 * key; everyone else's keep the signatures they arrived with. A record that has none
 * (written by someone whose key this machine never saw) cannot travel, so it is left out,
 * with whatever hangs on it (replies to a comment left out, and so on).
 */
export function signForExport(
  records: UnsignedDesignFile,
  me: string,
  sign: ReturnType<typeof createSigner>,
): DesignFile {
  const designId = records.design.id;
  const signed = <T extends { author: string; sig: string | null }>(
    kind: RecordKind,
    list: readonly T[],
  ): (T & { sig: string })[] => {
    const out: (T & { sig: string })[] = [];
    for (const record of list) {
      if (record.author === me) {
        const { sig: _old, ...fields } = record;
        out.push(sign(kind, designId, fields) as unknown as T & { sig: string });
      } else if (record.sig !== null) out.push(record as T & { sig: string });
    }
    return out;
  };
  const reviewers = signed('reviewer', records.reviewers);
  const people = new Set(reviewers.map((r) => r.id));
  const byKnown = <T extends { author: string }>(list: T[]) =>
    list.filter((r) => people.has(r.author));

  const [design] = signed('design', [records.design]);
  if (!design || !people.has(design.author)) {
    throw new CritError(
      'conflict',
      "This design cannot be exported: its owner's signature is missing on this computer.",
    );
  }
  const tombstones = byKnown(signed('tombstone', records.tombstones));
  const gone = new Set(tombstones.map((t) => t.id));
  const pages = byKnown(signed('page', records.pages));
  const pageIds = new Set(pages.map((p) => p.id));
  const comments = byKnown(signed('comment', records.comments)).filter(
    (c) => pageIds.has(c.pageId) || gone.has(c.pageId),
  );
  const commentIds = new Set(comments.map((c) => c.id));
  const onComment = (id: string) => commentIds.has(id) || gone.has(id);
  const replies = byKnown(signed('reply', records.replies)).filter((r) => onComment(r.commentId));
  const statuses = byKnown(signed('status', records.statuses)).filter((s) => onComment(s.id));
  const byId = <T extends { id: string }>(list: T[]) =>
    list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    design,
    pages: byId(pages),
    reviewers: byId(reviewers),
    comments: byId(comments),
    replies: byId(replies),
    statuses: byId(statuses),
    tombstones: byId(tombstones),
  };
}

/**
 * Writes a design as a review package (docs/review-package.md), in memory: its pages,
 * reviewers with their keys and avatars, comments, replies, statuses, tombstones and
 * images, each record signed by its author. Needs a profile (to sign with). Throws
 * `not-found` for an unknown design.
 */
export async function exportDesign(
  folder: DataFolder,
  designId: string,
  appVersion: string,
  progress?: TaskProgress,
): Promise<ExportedPackage> {
  try {
    const result = await exportRecords(folder, designId, appVersion, progress);
    progress?.finish('done');
    return result;
  } catch (error) {
    progress?.finish('failed');
    throw error;
  }
}

async function exportRecords(
  folder: DataFolder,
  designId: string,
  appVersion: string,
  progress?: TaskProgress,
): Promise<ExportedPackage> {
  const { db, images } = folder;
  const state = readDesignState(db, designId);
  if (!state)
    throw new CritError('not-found', 'That design does not exist; it may have been deleted.');
  const keys = requireLocalKeyPair(db);
  const me = localReviewerId(db) ?? '';
  const records = signForExport(state.records, me, createSigner(keys));
  progress?.update(1, 'records signed');
  const bytes = await writePackage({
    records,
    appVersion,
    deviceId: deviceId(db),
    images: (ref) => fsp.readFile(images.pathOf(ref.sha256, ref.ext)),
  });
  progress?.update(2, 'package written');
  return { fileName: packageFileName(records.design.name), bytes };
}
