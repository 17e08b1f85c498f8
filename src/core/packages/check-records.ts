import { CritError } from '../../shared/errors.ts';
import type { DesignFile, ImageRef } from '../../shared/package-schemas.ts';
import { imageEntryName } from './format.ts';

/**
 * Checks that a package's records hang together: no id twice, every comment on a page the
 * package knows, every reply and status on a known comment, pages by the design's owner,
 * stamps in order, and images exactly those the records use. Each refusal names the
 * record. (Whether a record's author may change it, and its signature, are the merge's
 * business: those refuse one record, not the package.)
 */
export function checkRecords(file: DesignFile, designId: string, imageEntries: Set<string>): void {
  const refuse = (message: string) => new CritError('invalid-argument', `design.json: ${message}`);
  if (file.design.id !== designId) {
    throw refuse(`the design ${file.design.id} is not the one the manifest names (${designId}).`);
  }

  const collections = [
    ['page', file.pages],
    ['reviewer', file.reviewers],
    ['comment', file.comments],
    ['reply', file.replies],
    ['status', file.statuses],
    ['tombstone', file.tombstones],
  ] as const;
  for (const [label, records] of collections) {
    const ids = new Set<string>();
    for (const record of records) {
      if (ids.has(record.id)) throw refuse(`the ${label} ${record.id} appears twice.`);
      ids.add(record.id);
      if (record.updated < record.created) {
        throw refuse(`the ${label} ${record.id} was updated before it was created.`);
      }
    }
  }
  if (file.design.updated < file.design.created) {
    throw refuse(`the design ${file.design.id} was updated before it was created.`);
  }

  const deleted = { page: new Set<string>(), comment: new Set<string>(), reply: new Set<string>() };
  for (const t of file.tombstones) deleted[t.kind].add(t.id);
  const pages = new Set(file.pages.map((p) => p.id));
  const comments = new Set(file.comments.map((c) => c.id));
  const live = { page: pages, comment: comments, reply: new Set(file.replies.map((r) => r.id)) };
  for (const t of file.tombstones) {
    if (live[t.kind].has(t.id)) throw refuse(`the ${t.kind} ${t.id} is both present and deleted.`);
    if (t.kind === 'comment' && !t.pageId) {
      throw refuse(`the deleted comment ${t.id} does not say which page it was on.`);
    }
  }

  const owner = file.design.author;
  for (const page of file.pages) {
    if (page.author !== owner) {
      throw refuse(`the page ${page.id} is by ${page.author}, not by the design's owner.`);
    }
  }
  for (const c of file.comments) {
    if (!pages.has(c.pageId) && !deleted.page.has(c.pageId)) {
      throw refuse(`the comment ${c.id} is on page ${c.pageId}, which the package does not hold.`);
    }
  }
  for (const r of file.replies) {
    if (!comments.has(r.commentId) && !deleted.comment.has(r.commentId)) {
      throw refuse(
        `the reply ${r.id} answers comment ${r.commentId}, which the package does not hold.`,
      );
    }
  }
  for (const s of file.statuses) {
    if (!comments.has(s.id) && !deleted.comment.has(s.id)) {
      throw refuse(`the status of comment ${s.id} is for a comment the package does not hold.`);
    }
  }

  const used = new Set<string>();
  const claim = (ref: ImageRef, who: string) => {
    const name = imageEntryName(ref.sha256, ref.ext);
    if (!imageEntries.has(name)) throw refuse(`${who} uses the image ${name}, which is missing.`);
    used.add(name);
  };
  for (const page of file.pages) claim(page.image, `the page ${page.id}`);
  for (const reviewer of file.reviewers) {
    if (reviewer.avatar) claim(reviewer.avatar, `the reviewer ${reviewer.id}`);
  }
  for (const name of imageEntries) {
    if (!used.has(name)) {
      throw new CritError(
        'unsupported-file',
        `The package entry ${name} is not used by any record.`,
      );
    }
  }
}
