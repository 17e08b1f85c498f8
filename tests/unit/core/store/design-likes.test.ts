import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import {
  createDesign,
  deleteDesign,
  getDesign,
  listDesigns,
} from '../../../../src/core/store/designs.ts';
import { getDesignLikes, toggleDesignLike } from '../../../../src/core/store/design-likes.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { makeDataFolder, snapshot } from './helpers.ts';

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

const GUEST = '11111111-1111-4111-8111-111111111111';
/** Someone else, as a merged review package would bring them. */
function addGuest(): string {
  folder.db
    .prepare(
      "INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, 'Jun Park', 'peer', NULL, '2025-01-01T00:00:00Z')",
    )
    .run(GUEST);
  return GUEST;
}

function caught(fn: () => unknown): CritError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CritError);
    return error as CritError;
  }
  throw new Error('no error');
}

describe('design likes', () => {
  it('toggles one like per person, saved, and the design view shows it', async () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    expect(getDesign(folder.db, design.id).likes).toEqual({ count: 0, likedByMe: false });

    expect(toggleDesignLike(folder.db, design.id, me.reviewerId)).toEqual({
      count: 1,
      likedByMe: true,
    });
    expect(getDesign(folder.db, design.id).likes).toEqual({ count: 1, likedByMe: true });

    const guest = addGuest();
    expect(toggleDesignLike(folder.db, design.id, guest)).toEqual({ count: 2, likedByMe: true });
    // The local user sees their own like, whoever toggled last.
    expect(getDesign(folder.db, design.id).likes).toEqual({ count: 2, likedByMe: true });

    expect(toggleDesignLike(folder.db, design.id, me.reviewerId)).toEqual({
      count: 1,
      likedByMe: false,
    });
    expect(getDesign(folder.db, design.id).likes).toEqual({ count: 1, likedByMe: false });
    expect(getDesignLikes(folder.db, design.id, guest)).toEqual({ count: 1, likedByMe: true });
  });

  it('counts likes per design, and without a profile nobody is "me"', () => {
    const a = createDesign(folder.db, { name: 'A' });
    const b = createDesign(folder.db, { name: 'B' });
    const guest = addGuest();
    toggleDesignLike(folder.db, a.id, guest);
    expect(getDesign(folder.db, a.id).likes).toEqual({ count: 1, likedByMe: false });
    expect(getDesign(folder.db, b.id).likes).toEqual({ count: 0, likedByMe: false });
  });

  it('is a reaction, not an edit: the design’s activity time stays', () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    const guest = addGuest();
    vi.setSystemTime(new Date('2025-03-02T10:00:00Z'));
    toggleDesignLike(folder.db, design.id, guest);
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe('2025-03-01T10:00:00.000Z');
  });

  it('goes with its design when the design is deleted', () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    toggleDesignLike(folder.db, design.id, addGuest());
    deleteDesign(folder.db, design.id);
    expect(folder.db.prepare('SELECT COUNT(*) AS n FROM design_likes').get()).toEqual({ n: 0 });
  });

  it('answers not-found for an unknown design or person, and changes nothing', () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    const guest = addGuest();
    const before = snapshot(folder.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(caught(() => toggleDesignLike(folder.db, missing, guest)).code).toBe('not-found');
    expect(caught(() => toggleDesignLike(folder.db, design.id, missing)).code).toBe('not-found');
    expect(caught(() => getDesignLikes(folder.db, missing, guest)).code).toBe('not-found');
    expect(snapshot(folder.db)).toEqual(before);
  });
});
