import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import { createDesign } from '../../../../src/core/store/designs.ts';
import { addPage } from '../../../../src/core/store/pages.ts';
import { addComment, addReply } from '../../../../src/core/store/comments.ts';
import {
  getProfile,
  listDesignReviewers,
  resolveInitialsRequest,
  saveProfile,
} from '../../../../src/core/store/reviewers.ts';
import { resolveImageRequest } from '../../../../src/core/store/image-store.ts';
import { profileInputSchema } from '../../../../src/shared/schemas.ts';
import { makeDataFolder, makeImage, snapshot } from './helpers.ts';

let folder: ReturnType<typeof makeDataFolder>;
beforeEach(() => {
  folder = makeDataFolder();
});
afterEach(() => folder.cleanup());

async function caught(fn: () => unknown): Promise<CritError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CritError);
    return error as CritError;
  }
  throw new Error('no error');
}

function addPerson(id: string, name: string) {
  folder.db
    .prepare(
      "INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, ?, 'peer', NULL, '2025-01-01T00:00:00Z')",
    )
    .run(id, name);
}

describe('profile', () => {
  it('is missing until saved; the first save creates the local reviewer', async () => {
    expect(getProfile(folder.db)).toBeNull();
    const input = profileInputSchema.parse({ name: '  Ada   Moreno ', role: 'expert' });
    const profile = await saveProfile(folder.db, folder.images, input);
    expect(profile).toEqual({
      reviewerId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Moreno',
      role: 'expert',
      avatar: `/media/initials/${profile.reviewerId}.svg`,
    });
    expect(getProfile(folder.db)).toEqual(profile);
    expect(
      folder.db.prepare('SELECT value FROM settings WHERE key = ?').get('local_reviewer_id'),
    ).toEqual({
      value: profile.reviewerId,
    });
  });

  it('later saves update the same reviewer', async () => {
    const first = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    const second = await saveProfile(folder.db, folder.images, { name: 'Ada M.', role: 'expert' });
    expect(second).toEqual({ ...first, name: 'Ada M.', role: 'expert' });
    expect(folder.db.prepare('SELECT COUNT(*) AS n FROM reviewers').get()).toEqual({ n: 1 });
  });

  it('stores an avatar as a 256 × 256 WebP, keeps it when omitted, removes it on null', async () => {
    await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    const withAvatar = await saveProfile(folder.db, folder.images, {
      name: 'Ada',
      role: 'peer',
      avatar: await makeImage(640, 480, 'jpeg'),
    });
    expect(withAvatar.avatar).toMatch(/^\/media\/images\/[0-9a-f]{64}\.webp$/);
    const file = resolveImageRequest(folder.images.root, withAvatar.avatar)!;
    expect(await sharp(fs.readFileSync(file)).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    const renamed = await saveProfile(folder.db, folder.images, { name: 'Ada B', role: 'peer' });
    expect(renamed.avatar).toBe(withAvatar.avatar);
    const cleared = await saveProfile(folder.db, folder.images, {
      name: 'Ada B',
      role: 'peer',
      avatar: null,
    });
    expect(cleared.avatar).toBe(`/media/initials/${cleared.reviewerId}.svg`);
  });

  it('refuses an avatar that is not an image and changes nothing', async () => {
    await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    const before = snapshot(folder.db);
    const avatar = await caught(() =>
      saveProfile(folder.db, folder.images, {
        name: 'Ada',
        role: 'peer',
        avatar: new TextEncoder().encode('GIF89a not really'),
      }),
    );
    expect(avatar.code).toBe('unsupported-file');
    expect(snapshot(folder.db)).toEqual(before);
  });
});

describe('listDesignReviewers', () => {
  it('lists the local user first, then everyone who commented or replied, by name', async () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    const elsewhere = createDesign(folder.db, { name: 'Other' });
    const page = await addPage(folder.db, folder.images, design.id, {
      name: 'home',
      bytes: await makeImage(100, 100),
    });
    const otherPage = await addPage(folder.db, folder.images, elsewhere.id, {
      name: 'home',
      bytes: await makeImage(100, 100),
    });
    const me = await saveProfile(folder.db, folder.images, { name: 'Zoe', role: 'expert' });
    expect(listDesignReviewers(folder.db, design.id).map((r) => r.name)).toEqual(['Zoe']);

    addPerson('11111111-1111-4111-8111-111111111111', 'Priya');
    addPerson('22222222-2222-4222-8222-222222222222', 'jun');
    addPerson('33333333-3333-4333-8333-333333333333', 'Only elsewhere');
    const base = { tag: 'nav' as const, contents: 'x', x: 1, y: 1 };
    const c = addComment(folder.db, {
      ...base,
      pageId: page.id,
      reviewerId: '11111111-1111-4111-8111-111111111111',
    });
    addReply(folder.db, {
      commentId: c.id,
      reviewerId: '22222222-2222-4222-8222-222222222222',
      contents: 'reply',
    });
    addComment(folder.db, {
      ...base,
      pageId: otherPage.id,
      reviewerId: '33333333-3333-4333-8333-333333333333',
    });

    const reviewers = listDesignReviewers(folder.db, design.id);
    expect(reviewers.map((r) => r.name)).toEqual(['Zoe', 'jun', 'Priya']);
    expect(reviewers[0]).toEqual({
      id: me.reviewerId,
      name: 'Zoe',
      img: me.avatar,
      comments: [],
      role: 'expert',
    });
    expect((await caught(() => listDesignReviewers(folder.db, 'nope'))).code).toBe('not-found');
  });
});

describe('resolveInitialsRequest', () => {
  it('renders the initials of a known reviewer and refuses anything else', async () => {
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada <Moreno>', role: 'peer' });
    const svg = resolveInitialsRequest(folder.db, me.avatar);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('>AM</text>');
    expect(svg).toContain('Ada &lt;Moreno&gt;');
    expect(
      resolveInitialsRequest(folder.db, '/media/initials/00000000-0000-4000-8000-000000000000.svg'),
    ).toBeNull();
    expect(resolveInitialsRequest(folder.db, `/media/initials/../${me.reviewerId}.svg`)).toBeNull();
    expect(resolveInitialsRequest(folder.db, `/media/initials/${me.reviewerId}.png`)).toBeNull();
  });
});
