import { afterEach, describe, expect, it, vi } from 'vitest';
import { newCommentId } from '../../../../src/core/store/comment-ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newCommentId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes distinct version-7 uuids that ascend in the order they were made', () => {
    // More ids than one pool of random bytes holds, so a refill is crossed.
    const ids = Array.from({ length: 2000 }, () => newCommentId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('still ascends when the clock stands still or steps back', () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(4_000_000_000_000);
    const first = Array.from({ length: 50 }, () => newCommentId());
    now.mockReturnValue(3_999_999_999_000);
    const later = Array.from({ length: 50 }, () => newCommentId());
    const ids = [...first, ...later];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The time in the id is the clock's (48 bits of ms), not the step back.
    expect(ids.at(-1)!.replace(/-/g, '').slice(0, 12)).toBe(
      (4_000_000_000_000).toString(16).padStart(12, '0'),
    );
  });
});
