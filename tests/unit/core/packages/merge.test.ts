import { describe, expect, it } from 'vitest';
import { mergeDesign } from '../../../../src/core/packages/merge.ts';
import { formatSummary } from '../../../../src/core/packages/merge-summary.ts';
import { readPackage } from '../../../../src/core/packages/read-package.ts';
import { signRecord } from '../../../../src/core/packages/signing.ts';
import { writePackage } from '../../../../src/core/packages/write-package.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import type { DesignFile } from '../../../../src/shared/package-schemas.ts';
import {
  commentRecord,
  designRecord,
  edit,
  makePerson,
  reviewerRecord,
  sampleDesign,
  statusRecord,
  tombstoneOf,
} from './fixtures.ts';

/** The sample, as Ada holds it, and the keys she has pinned for Ada and Jun. */
async function setup() {
  const s = await sampleDesign();
  const pins = new Map([
    [s.ada.id, s.ada.keys.publicKey],
    [s.jun.id, s.jun.keys.publicKey],
  ]);
  return { ...s, id: s.file.design.id, pins };
}
const copy = (file: DesignFile) => structuredClone(file);

describe('merging a package', () => {
  it('takes the newer version of a record and ignores an older one', async () => {
    const { file, jun, id, pins } = await setup();
    const junsComment = file.comments[0]!;
    const newer = edit('comment', id, jun, junsComment, { contents: 'Make it bigger' });
    const incoming = { ...copy(file), comments: [newer, file.comments[1]!] };
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.state.comments.find((c) => c.id === newer.id)?.contents).toBe('Make it bigger');
    expect(formatSummary(merged.summary)).toBe('Jun Park: 1 edited comment');
    // The older copy coming back later changes nothing.
    const back = mergeDesign(merged.state, file, pins);
    expect(back.state).toEqual(merged.state);
    expect(back.changes).toEqual([]);
  });

  it('keeps a deleted comment deleted, whatever older copies arrive', async () => {
    const { file, jun, id, pins } = await setup();
    const gone = tombstoneOf(jun, id, 'comment', file.comments[0]!);
    const incoming = copy(file);
    incoming.comments = incoming.comments.slice(1);
    incoming.tombstones = [gone];
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.state.comments.map((c) => c.id)).not.toContain(gone.id);
    expect(merged.state.tombstones).toEqual([gone]);
    expect(formatSummary(merged.summary)).toBe('Jun Park: 1 deleted comment');
    const resurrect = mergeDesign(merged.state, file, pins);
    expect(resurrect.state).toEqual(merged.state);
    expect(resurrect.refused).toEqual([]);
  });

  it('refuses a comment edit claimed by someone other than its author, and merges the rest', async () => {
    const { file, id, pins } = await setup();
    const mallory = makePerson('Mallory');
    const junsComment = file.comments[0]!;
    const forged = signRecord(
      'comment',
      id,
      { ...junsComment, author: mallory.id, contents: 'Spam', updated: '999999999999999.000000.x' },
      mallory.keys,
    );
    const own = commentRecord(mallory, id, file.pages[0]!.id, 'A fair point');
    const incoming = copy(file);
    incoming.reviewers.push(reviewerRecord(mallory, id));
    incoming.comments = [forged, incoming.comments[1]!, own];
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.refused).toEqual([
      {
        kind: 'comment',
        id: junsComment.id,
        message: `The comment ${junsComment.id} claims an edit by Mallory, but it was written by Jun Park; only its author can change it.`,
      },
    ]);
    expect(merged.state.comments.find((c) => c.id === junsComment.id)).toEqual(junsComment);
    expect(merged.state.comments.map((c) => c.id)).toContain(own.id);
    expect(merged.newlyPinned).toEqual(new Map([[mallory.id, mallory.keys.publicKey]]));
    expect(formatSummary(merged.summary)).toBe('Mallory: 1 new comment');
  });

  it('refuses a record whose signature does not verify, and merges the rest', async () => {
    const { file, jun, ada, id, pins } = await setup();
    const junsComment = file.comments[0]!;
    const tampered = {
      ...junsComment,
      contents: 'Jun never wrote this',
      updated: '999999999999999.000000.x',
    };
    const signedByAda = signRecord(
      'comment',
      id,
      { ...junsComment, contents: 'Nor this', updated: '999999999999999.000001.x' },
      ada.keys,
    );
    const fresh = commentRecord(jun, id, file.pages[1]!.id, 'Really mine');
    for (const bad of [tampered, signedByAda]) {
      const incoming = copy(file);
      incoming.comments = [bad, incoming.comments[1]!, fresh];
      const merged = mergeDesign(file, incoming, pins);
      expect(merged.refused).toEqual([
        {
          kind: 'comment',
          id: junsComment.id,
          message: `The comment ${junsComment.id} has a signature that does not verify as Jun Park's.`,
        },
      ]);
      expect(merged.state.comments.find((c) => c.id === junsComment.id)).toEqual(junsComment);
      expect(formatSummary(merged.summary)).toBe('Jun Park: 1 new comment');
    }
  });

  it('pins a key the first time and refuses a reviewer who comes back with another', async () => {
    const { file, jun, id, pins } = await setup();
    const impostor = makePerson('Jun Park');
    const swapped = signRecord(
      'reviewer',
      id,
      { ...reviewerRecord(impostor, id), id: jun.id, author: jun.id },
      impostor.keys,
    );
    const incoming = copy(file);
    incoming.reviewers = [incoming.reviewers[0]!, swapped];
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.refused).toEqual([
      {
        kind: 'reviewer',
        id: jun.id,
        message: `Reviewer Jun Park (${jun.id}) carries a different key from the one first seen for them.`,
      },
    ]);
    expect(merged.state.reviewers.find((r) => r.id === jun.id)?.publicKey).toBe(jun.keys.publicKey);
    expect(merged.newlyPinned.size).toBe(0);
  });

  it('lets only the owner change pages, and only an author delete their comment', async () => {
    const { file, jun, ada, id, pins } = await setup();
    const page = file.pages[0]!;
    const renamed = signRecord(
      'page',
      id,
      { ...page, author: jun.id, name: 'Mine now', updated: '999999999999999.000000.x' },
      jun.keys,
    );
    const deleteAdas = tombstoneOf(jun, id, 'comment', file.comments[1]!);
    const ownerRename = edit('page', id, ada, file.pages[1]!, { name: 'Basket' });
    const incoming = copy(file);
    incoming.pages = [renamed, ownerRename];
    incoming.tombstones = [deleteAdas];
    incoming.comments = [incoming.comments[0]!];
    incoming.statuses = [];
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.refused.map((r) => r.message)).toEqual([
      `The deletion of comment ${deleteAdas.id} is by Jun Park, but only Ada Moreno may delete it.`,
      `The page ${page.id} was changed by Jun Park; only the design's owner can change pages.`,
    ]);
    expect(merged.state.pages.find((p) => p.id === page.id)?.name).toBe('Home');
    expect(merged.state.pages.find((p) => p.id === ownerRename.id)?.name).toBe('Basket');
    expect(merged.state.comments).toHaveLength(2);
    expect(formatSummary(merged.summary)).toBe('Ada Moreno: 1 changed page');
  });

  it('lets any reviewer of the design resolve and reopen, and refuses strangers', async () => {
    const { file, jun, ada, id, pins } = await setup();
    const stranger = makePerson('Eve');
    const incoming = copy(file);
    incoming.statuses = [
      statusRecord(ada, id, file.comments[0]!.id, 'resolved'),
      statusRecord(jun, id, file.comments[1]!.id, 'open'),
    ];
    const merged = mergeDesign(file, incoming, pins);
    expect(merged.refused).toEqual([]);
    expect(formatSummary(merged.summary)).toBe('Ada Moreno: 1 resolved; Jun Park: 1 reopened');

    const byStranger = copy(file);
    byStranger.statuses = [statusRecord(stranger, id, file.comments[0]!.id, 'resolved')];
    const refused = mergeDesign(file, byStranger, pins);
    expect(refused.refused[0]?.message).toMatch(
      /was set by .*, who is not a reviewer of this design/,
    );
    expect(refused.state.statuses).toEqual(file.statuses);
  });

  it('refuses a package of another design outright', async () => {
    const { file, ada, pins } = await setup();
    const other = { ...copy(file), design: designRecord(ada) };
    expect(() => mergeDesign(file, other, pins)).toThrow(CritError);
    expect(() => mergeDesign(file, other, pins)).toThrow(/another design/);
  });

  it('reports per-record refusals after a real round trip through a package', async () => {
    const { file, images, id, pins } = await setup();
    const mallory = makePerson('Mallory');
    const incoming = copy(file);
    incoming.reviewers.push(reviewerRecord(mallory, id));
    incoming.comments[0] = signRecord(
      'comment',
      id,
      {
        ...incoming.comments[0]!,
        author: mallory.id,
        contents: 'Forged',
        updated: '999999999999999.000000.x',
      },
      mallory.keys,
    );
    const read = await readPackage(
      await writePackage({ records: incoming, images, appVersion: '1', deviceId: 'm' }),
    );
    const merged = mergeDesign(file, read.records, pins);
    expect(merged.refused).toHaveLength(1);
    expect(merged.refused[0]!.message).toMatch(
      /claims an edit by Mallory, but it was written by Jun Park/,
    );
  });
});
