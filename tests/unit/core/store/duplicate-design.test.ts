import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import { LIMITS } from '../../../../src/shared/limits.ts';
import {
  createDesign,
  deleteDesign,
  getDesign,
  listDesigns,
} from '../../../../src/core/store/designs.ts';
import { copyName, duplicateDesign } from '../../../../src/core/store/duplicate-design.ts';
import { toggleDesignLike } from '../../../../src/core/store/design-likes.ts';
import { addPage, listPages } from '../../../../src/core/store/pages.ts';
import { addComment, listPageComments } from '../../../../src/core/store/comments.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { collectGarbage } from '../../../../src/core/store/garbage-collection.ts';
import { makeDataFolder, makeImage, snapshot } from './helpers.ts';

let folder: ReturnType<typeof makeDataFolder>;
beforeEach(() => {
  folder = makeDataFolder();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  folder.cleanup();
});

/** A design with two pages (one with an element map), a comment and a like. */
async function seeded() {
  const design = createDesign(folder.db, { name: 'Shop', description: 'The checkout flow' });
  const home = await addPage(folder.db, folder.images, design.id, {
    name: 'home',
    bytes: await makeImage(200, 400),
    elements: [{ tag: 'header', x: 0, y: 0, w: 100, h: 10 }],
  });
  await addPage(folder.db, folder.images, design.id, {
    name: 'cart',
    bytes: await makeImage(200, 300, 'jpeg', '#aa3366'),
  });
  const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
  addComment(folder.db, {
    pageId: home.id,
    reviewerId: me.reviewerId,
    tag: 'header',
    contents: 'Too tall',
    x: 10,
    y: 5,
  });
  toggleDesignLike(folder.db, design.id, me.reviewerId);
  return design;
}

describe('duplicateDesign', () => {
  it('copies the description and every page, in order, sharing the image files', async () => {
    const design = await seeded();
    const filesBefore = folder.images.list().length;
    vi.setSystemTime(new Date('2025-03-01T11:00:00Z'));
    const copy = duplicateDesign(folder.db, design.id);
    expect(copy).toMatchObject({
      name: 'Shop (copy)',
      description: 'The checkout flow',
      pageCount: 2,
      commentCount: 0,
      updatedAt: '2025-03-01T11:00:00.000Z',
    });
    expect(copy.id).not.toBe(design.id);
    // Newest activity first: the copy heads the landing list.
    expect(listDesigns(folder.db).map((d) => d.id)).toEqual([copy.id, design.id]);

    const original = listPages(folder.db, design.id);
    const copied = listPages(folder.db, copy.id);
    const shape = ({ id: _id, ...rest }: (typeof original)[number]) => rest;
    expect(copied.map(shape)).toEqual(original.map(shape));
    expect(copied.map((p) => p.id).some((id) => original.some((o) => o.id === id))).toBe(false);
    expect(copied[0]!.elements).toEqual([{ tag: 'header', x: 0, y: 0, w: 100, h: 10 }]);
    expect(copy.cover).toBe(original[0]!.thumb);
    expect(folder.images.list()).toHaveLength(filesBefore);
  });

  it('leaves comments and likes behind, and the original untouched', async () => {
    const design = await seeded();
    const before = getDesign(folder.db, design.id);
    const copy = duplicateDesign(folder.db, design.id);
    const view = getDesign(folder.db, copy.id);
    expect(view.commentCount).toBe(0);
    expect(view.likes).toEqual({ count: 0, likedByMe: false });
    for (const page of view.pages) expect(listPageComments(folder.db, page.id)).toEqual([]);
    expect(getDesign(folder.db, design.id)).toEqual(before);
  });

  it('keeps the shared images when either design is deleted', async () => {
    const design = await seeded();
    const copy = duplicateDesign(folder.db, design.id);
    const files = folder.images.list().length;
    deleteDesign(folder.db, design.id);
    expect(collectGarbage(folder.db, folder.images, { graceMs: 0 }).removed).toBe(0);
    expect(folder.images.list()).toHaveLength(files);
    expect(listPages(folder.db, copy.id)).toHaveLength(2);
  });

  it('numbers further copies and keeps long names within the limit', async () => {
    const design = await seeded();
    expect(duplicateDesign(folder.db, design.id).name).toBe('Shop (copy)');
    expect(duplicateDesign(folder.db, design.id).name).toBe('Shop (copy 2)');
    const long = '🎨'.repeat(LIMITS.designName);
    const name = copyName(long, new Set());
    expect([...name]).toHaveLength(LIMITS.designName);
    expect(name.endsWith(' (copy)')).toBe(true);
    const empty = createDesign(folder.db, { name: long });
    expect(duplicateDesign(folder.db, empty.id)).toMatchObject({ name, pageCount: 0 });
  });

  it('answers not-found for an unknown design and changes nothing', async () => {
    await seeded();
    const before = snapshot(folder.db);
    let error: unknown;
    try {
      duplicateDesign(folder.db, '00000000-0000-4000-8000-000000000000');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CritError);
    expect((error as CritError).code).toBe('not-found');
    expect(snapshot(folder.db)).toEqual(before);
  });
});
