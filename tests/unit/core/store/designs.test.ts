import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import {
  createDesign,
  deleteDesign,
  describeDesign,
  getDesign,
  listDesigns,
  renameDesign,
} from '../../../../src/core/store/designs.ts';
import { addPage } from '../../../../src/core/store/pages.ts';
import { addComment } from '../../../../src/core/store/comments.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { designNameSchema, newDesignSchema } from '../../../../src/shared/schemas.ts';
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

const later = (minutes: number) =>
  vi.setSystemTime(new Date(Date.parse('2025-03-01T10:00:00Z') + minutes * 60_000));

function expectCritError(fn: () => unknown, code: string, message?: RegExp | string) {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CritError);
  expect((error as CritError).code).toBe(code);
  if (message) expect((error as CritError).message).toMatch(message);
}

describe('designs', () => {
  it('creates a design with the name the schema cleaned and lists it with empty counts', () => {
    const input = newDesignSchema.parse({ name: '  Checkout \n flow ', description: ' v2 ' });
    const created = createDesign(folder.db, input);
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Checkout flow',
      description: 'v2',
      pageCount: 0,
      commentCount: 0,
      cover: null,
      updatedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(listDesigns(folder.db)).toEqual([created]);
    expect(getDesign(folder.db, created.id)).toEqual({
      id: created.id,
      name: 'Checkout flow',
      description: 'v2',
      pages: [],
      reviewers: [],
      commentCount: 0,
      ownerId: null,
      ownerName: null,
      unreadByPage: {},
      likes: { count: 0, likedByMe: false },
    });
  });

  it('stores a name of 120 characters counted as code points', () => {
    const name = designNameSchema.parse('🎨'.repeat(120));
    expect(createDesign(folder.db, { name }).name).toBe('🎨'.repeat(120));
  });

  it('lists designs by latest activity, with page and comment counts and a cover', async () => {
    const a = createDesign(folder.db, { name: 'A' });
    later(1);
    const b = createDesign(folder.db, { name: 'B' });
    expect(listDesigns(folder.db).map((d) => d.name)).toEqual(['B', 'A']);

    later(2);
    const page = await addPage(folder.db, folder.images, a.id, {
      name: 'home',
      bytes: await makeImage(800, 1200),
    });
    await addPage(folder.db, folder.images, a.id, {
      name: 'about',
      bytes: await makeImage(800, 900, 'png', '#aa3300'),
    });
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    later(3);
    addComment(folder.db, {
      pageId: page.id,
      reviewerId: me.reviewerId,
      tag: 'nav',
      contents: 'Hi',
      x: 1,
      y: 2,
    });
    const [first, second] = listDesigns(folder.db);
    expect(first).toMatchObject({
      id: a.id,
      pageCount: 2,
      commentCount: 1,
      cover: page.thumb,
      updatedAt: '2025-03-01T10:03:00.000Z',
    });
    expect(second).toMatchObject({ id: b.id, pageCount: 0, cover: null });
    // Opened, the design carries its pages, its people and its count, not its comments.
    const opened = getDesign(folder.db, a.id);
    expect(opened.pages.map((p) => p.name)).toEqual(['home', 'about']);
    expect(opened.commentCount).toBe(1);
    expect(opened.reviewers).toEqual([
      { id: me.reviewerId, name: 'Ada', img: me.avatar, comments: [], role: 'peer' },
    ]);
  });

  it('renames and re-describes a design, bumping its activity', () => {
    const design = createDesign(folder.db, { name: 'Old' });
    later(5);
    expect(renameDesign(folder.db, design.id, designNameSchema.parse(' New '))).toMatchObject({
      name: 'New',
      updatedAt: '2025-03-01T10:05:00.000Z',
    });
    expect(describeDesign(folder.db, design.id, 'About it').description).toBe('About it');
    expect(describeDesign(folder.db, design.id, '').description).toBe('');
    expect(getDesign(folder.db, design.id).name).toBe('New');
  });

  it('deletes a design with its pages and comments, keeping the people', async () => {
    const design = createDesign(folder.db, { name: 'Gone soon' });
    const keep = createDesign(folder.db, { name: 'Stays' });
    const page = await addPage(folder.db, folder.images, design.id, {
      name: 'p',
      bytes: await makeImage(100, 100),
    });
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    addComment(folder.db, {
      pageId: page.id,
      reviewerId: me.reviewerId,
      tag: 'main',
      contents: 'x',
      x: 5,
      y: 5,
    });
    deleteDesign(folder.db, design.id);
    expect(listDesigns(folder.db).map((d) => d.id)).toEqual([keep.id]);
    const count = (table: string) =>
      (folder.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count('pages'), count('comments'), count('reviewers')]).toEqual([0, 0, 1]);
  });

  it('answers not-found for unknown ids and changes nothing', () => {
    createDesign(folder.db, { name: 'Real' });
    const before = snapshot(folder.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    expectCritError(() => getDesign(folder.db, missing), 'not-found', /design does not exist/);
    expectCritError(() => renameDesign(folder.db, missing, 'x'), 'not-found');
    expectCritError(() => describeDesign(folder.db, missing, 'x'), 'not-found');
    expectCritError(() => deleteDesign(folder.db, missing), 'not-found');
    expect(snapshot(folder.db)).toEqual(before);
  });
});
