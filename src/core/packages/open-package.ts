import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';
import type { PackageOpened } from '../../shared/domain.ts';
import type { DesignFile } from '../../shared/package-schemas.ts';
import type { TaskProgress } from '../progress.ts';
import { applyMerge } from '../store/apply-merge.ts';
import { assertStampsNotAhead } from '../store/clock.ts';
import type { DataFolder } from '../store/data-folder.ts';
import { pinnedKeys, readDesignState, type StoredDesign } from '../store/design-state.ts';
import { makeThumbnail } from '../store/image-intake.ts';
import type { ImageExt } from '../store/image-store.ts';
import { transaction } from '../store/transaction.ts';
import { imageEntryName } from './format.ts';
import { mergeDesign, type MergeRefusal, type MergeResult } from './merge.ts';
import { preverifyRecords, type PendingVerification } from './signing.ts';
import { formatSummary } from './merge-summary.ts';
import { readPackage, type ReadPackage } from './read-package.ts';
import { dropForeignIds } from './foreign-ids.ts';

/** The latest stamp anywhere in a package's records. */
function latestStampOf(file: DesignFile): string | null {
  let latest: string | null = null;
  const see = (stamp: string) => {
    if (latest === null || stamp > latest) latest = stamp;
  };
  see(file.design.updated);
  for (const list of [file.pages, file.reviewers, file.comments, file.replies, file.statuses]) {
    for (const r of list) see(r.updated);
  }
  for (const t of file.tombstones) see(t.updated);
  return latest;
}

/** The stored records as the merge takes them: a missing signature (own, unsent) as ''. */
const asMergeInput = (stored: StoredDesign | null) =>
  stored && (stored.records as unknown as DesignFile);

/**
 * What the merge reads of the store: the clock's last stamp moves with every stamped
 * change, and a design can only be deleted or created besides. When neither moved, a
 * merge computed before still stands.
 */
function storeVersion(db: DatabaseSync, designId: string): string {
  const row = db
    .prepare(
      `SELECT (SELECT value FROM settings WHERE key = 'hlc_last') AS last,
         EXISTS (SELECT 1 FROM designs WHERE id = ?) AS held`,
    )
    .get(designId) as { last: string | null; held: number };
  return `${row.last ?? ''}/${row.held}`;
}

function merge(db: DatabaseSync, incoming: DesignFile) {
  const version = storeVersion(db, incoming.design.id);
  const stored = readDesignState(db, incoming.design.id);
  return { version, stored, result: mergeDesign(asMergeInput(stored), incoming, pinnedKeys(db)) };
}

/** Every signature of the package, against the key its author has here or brings. */
function signaturesToCheck(db: DatabaseSync, file: DesignFile): PendingVerification[] {
  const keys = pinnedKeys(db);
  const designId = file.design.id;
  const pending: PendingVerification[] = [];
  for (const r of file.reviewers) {
    pending.push({ kind: 'reviewer', designId, record: r, publicKey: r.publicKey });
    if (!keys.has(r.id)) keys.set(r.id, r.publicKey);
  }
  const add = (
    kind: PendingVerification['kind'],
    list: readonly { author: string; sig: string }[],
  ) => {
    for (const record of list) {
      const publicKey = keys.get(record.author);
      if (publicKey) pending.push({ kind, designId, record, publicKey });
    }
  };
  add('design', [file.design]);
  add('page', file.pages);
  add('comment', file.comments);
  add('reply', file.replies);
  add('status', file.statuses);
  add('tombstone', file.tombstones);
  return pending;
}

/** The image files a merge needs that the store lacks: page images and avatars. */
function imagesNeeded(folder: DataFolder, result: MergeResult, pkg: ReadPackage) {
  const refs = new Map<string, { sha256: string; ext: ImageExt; page: boolean }>();
  for (const p of result.state.pages) refs.set(p.image.sha256, { ...p.image, page: true });
  for (const r of result.state.reviewers) {
    if (r.avatar && !refs.has(r.avatar.sha256))
      refs.set(r.avatar.sha256, { ...r.avatar, page: false });
  }
  return [...refs.values()].filter(
    (ref) =>
      pkg.images.has(imageEntryName(ref.sha256, ref.ext)) &&
      (!folder.images.has(ref.sha256, ref.ext) ||
        (ref.page && !thumbnailOf(folder.db, ref.sha256))),
  );
}

function thumbnailOf(db: DatabaseSync, imageHash: string): string | null {
  const row = db
    .prepare('SELECT thumb_hash FROM pages WHERE image_hash = ? LIMIT 1')
    .get(imageHash) as { thumb_hash: string } | undefined;
  return row?.thumb_hash ?? null;
}

/**
 * Opens a review package: reads and checks all of it in memory (`readPackage`; nothing is
 * written before it passes), refuses stamps running more than a day ahead of this clock,
 * merges it with the stored design (`mergeDesign`, against the pinned keys), stores the
 * new images and their thumbnails, then writes the result in one transaction. Opening
 * the same package again changes nothing. Refused records are reported, not written.
 */
export async function openPackage(
  folder: DataFolder,
  bytes: Uint8Array,
  progress?: TaskProgress,
): Promise<PackageOpened> {
  try {
    const opened = await openChecked(folder, bytes, progress);
    progress?.finish(opened.summary);
    return opened;
  } catch (error) {
    progress?.finish('failed');
    throw error;
  }
}

async function openChecked(
  folder: DataFolder,
  bytes: Uint8Array,
  progress?: TaskProgress,
): Promise<PackageOpened> {
  const { db } = folder;
  const pkg = await readPackage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  progress?.update(1, 'package checked');
  assertStampsNotAhead(latestStampOf(pkg.records));
  const foreign: MergeRefusal[] = [];
  const incoming = dropForeignIds(db, pkg.records, foreign);

  // Signatures checked on every core first; the merge then finds them checked.
  await preverifyRecords(signaturesToCheck(db, incoming));
  const first = merge(db, incoming);
  progress?.update(2, 'merged');
  const thumbnails = new Map<string, string>();
  const outcome = await folder.collector.importing(async () => {
    // Images first, each content-addressed; the rows that name them follow.
    for (const ref of imagesNeeded(folder, first.result, pkg)) {
      const image = pkg.images.get(imageEntryName(ref.sha256, ref.ext))!;
      await folder.images.put(image.bytes, ref.ext);
      if (ref.page && !thumbnailOf(db, ref.sha256)) {
        thumbnails.set(
          ref.sha256,
          await folder.images.put(await makeThumbnail(image.bytes), 'webp'),
        );
      }
    }
    progress?.update(3, 'images stored');
    return transaction(db, () => {
      // Merged again if the store changed while the images were written.
      const { stored, result } =
        storeVersion(db, incoming.design.id) === first.version ? first : merge(db, incoming);
      for (const p of result.state.pages) {
        if (!thumbnails.has(p.image.sha256)) {
          const thumb = thumbnailOf(db, p.image.sha256);
          if (!thumb) {
            throw new CritError(
              'conflict',
              'The design changed while the package was opened; open it again.',
            );
          }
          thumbnails.set(p.image.sha256, thumb);
        }
      }
      const applied = applyMerge(db, stored, result.state, thumbnails, result.latestStamp);
      return { stored, result, changed: applied.changed };
    });
  });
  const { result } = outcome;
  const refused = [...foreign, ...result.refused];
  return {
    designId: result.state.design.id,
    designName: result.state.design.name,
    created: outcome.stored === null,
    changed: outcome.changed,
    summary: formatSummary(result.summary),
    people: result.summary,
    refused,
  };
}
