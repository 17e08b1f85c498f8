import { createStore } from 'jotai';
import { beforeEach, describe, expect, test } from 'vitest';
import type { Comment, Page, Reviewer, Tag } from '../../../../src/shared/domain.ts';
import {
  addCommentAtom,
  allCommentsAtom,
  commentCountByReviewerAtom,
  commentSelectionAtom,
  loadReviewAtom,
  pagesAtom,
  reviewerByIdAtom,
  reviewerNameByIdAtom,
  reviewersAtom,
  selectedPageIdAtom,
  selectedReviewerIdAtom,
  statusFilterAtom,
  tagFilterAtom,
  totalCommentCountAtom,
  visibleCommentsAtom,
} from '../../../../src/renderer/src/state/review-atoms.ts';
import { profileAtom } from '../../../../src/renderer/src/state/profile-atoms.ts';

const pages: Page[] = [
  { id: 'p1', name: 'main', img: '/a.png' },
  { id: 'p2', name: 'chat', img: '/b.png' },
];

function comment(id: string, reviewerId: string, pageId: string, tag: Tag = 'nav'): Comment {
  return {
    id,
    contents: `comment ${id}`,
    created_at: '2026-01-01T00:00:00.000Z',
    reviewerId,
    pageId,
    tag,
    position: { x: 10, y: 20, page: pageId },
    status: 'open',
    unread: false,
    replies: [],
  };
}

const reviewers: Reviewer[] = [
  {
    id: 'r1',
    name: 'Ada',
    img: '/ada.svg',
    comments: [comment('c1', 'r1', 'p1'), comment('c2', 'r1', 'p2', 'button')],
  },
  {
    id: 'r2',
    name: 'Jun',
    img: '/jun.svg',
    comments: [comment('c3', 'r2', 'p1', 'button'), comment('c4', 'r2', 'p1')],
  },
];

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  store = createStore();
  store.set(loadReviewAtom, { pages, reviewers });
});

describe('review state', () => {
  test('loading a review sets pages and reviewers and selects the first page', () => {
    store.set(selectedReviewerIdAtom, 'r1');
    store.set(commentSelectionAtom, { id: 'c1', from: 'pin' });
    store.set(loadReviewAtom, { pages: [...pages].reverse(), reviewers });
    expect(store.get(pagesAtom).map((p) => p.id)).toEqual(['p2', 'p1']);
    expect(store.get(selectedPageIdAtom)).toBe('p2');
    expect(store.get(selectedReviewerIdAtom)).toBeNull();
    expect(store.get(commentSelectionAtom)).toBeNull();
  });

  test('set actions replace their value', () => {
    store.set(pagesAtom, [pages[1]!]);
    store.set(reviewersAtom, [reviewers[0]!]);
    store.set(selectedPageIdAtom, 'p2');
    store.set(selectedReviewerIdAtom, 'r1');
    expect(store.get(pagesAtom)).toEqual([pages[1]]);
    expect(store.get(reviewersAtom)).toEqual([reviewers[0]]);
    expect(store.get(selectedPageIdAtom)).toBe('p2');
    expect(store.get(selectedReviewerIdAtom)).toBe('r1');
  });

  test('derived counts follow the data', () => {
    expect(store.get(totalCommentCountAtom)).toBe(4);
    expect(store.get(commentCountByReviewerAtom)).toEqual(
      new Map([
        ['r1', 2],
        ['r2', 2],
      ]),
    );
    store.set(addCommentAtom, { reviewerId: 'r2', comment: comment('c5', 'r2', 'p2') });
    expect(store.get(totalCommentCountAtom)).toBe(5);
    expect(store.get(commentCountByReviewerAtom).get('r2')).toBe(3);
  });

  test('adding a comment appends it to that reviewer only', () => {
    store.set(addCommentAtom, { reviewerId: 'r1', comment: comment('c9', 'r1', 'p1') });
    const [ada, jun] = store.get(reviewersAtom);
    expect(ada!.comments.map((c) => c.id)).toEqual(['c1', 'c2', 'c9']);
    expect(jun!.comments.map((c) => c.id)).toEqual(['c3', 'c4']);
  });

  test('reviewer lookups by id, with an empty name for unknown ids', () => {
    expect(store.get(reviewerByIdAtom)('r2')?.name).toBe('Jun');
    expect(store.get(reviewerByIdAtom)('zz')).toBeUndefined();
    expect(store.get(reviewerNameByIdAtom)('r1')).toBe('Ada');
    expect(store.get(reviewerNameByIdAtom)('zz')).toBe('');
  });

  test('all comments are flattened in reviewer order', () => {
    expect(store.get(allCommentsAtom).map((c) => c.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  test('shown comments are filtered to the selected page, then the selected reviewer', () => {
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c1', 'c3', 'c4']);
    store.set(selectedReviewerIdAtom, 'r2');
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c3', 'c4']);
    store.set(selectedPageIdAtom, 'p2');
    expect(store.get(visibleCommentsAtom)).toEqual([]);
    store.set(selectedReviewerIdAtom, null);
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c2']);
  });

  test('tag and status filters narrow what is shown', () => {
    store.set(tagFilterAtom, 'button');
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c3']);
    store.set(tagFilterAtom, null);
    store.set(reviewersAtom, (rs) =>
      rs.map((r) => ({
        ...r,
        comments: r.comments.map((c) =>
          c.id === 'c4' ? { ...c, status: 'resolved' as const } : c,
        ),
      })),
    );
    store.set(statusFilterAtom, 'resolved');
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c4']);
    store.set(statusFilterAtom, 'open');
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c1', 'c3']);
  });
});

describe('the local user in a sample', () => {
  const me = { reviewerId: 'me', name: 'Sam', role: 'peer' as const, avatar: '/sam.svg' };

  test('joins the reviewers with their first comment, carrying their profile', () => {
    store.set(profileAtom, me);
    expect(store.get(reviewersAtom).map((r) => r.id)).toEqual(['r1', 'r2']);
    store.set(addCommentAtom, { reviewerId: 'me', comment: comment('mine', 'me', 'p1') });
    expect(store.get(reviewersAtom).map((r) => r.name)).toEqual(['Ada', 'Jun', 'Sam']);
    expect(store.get(visibleCommentsAtom).map((c) => c.id)).toEqual(['c1', 'c3', 'c4', 'mine']);
    store.set(profileAtom, { ...me, name: 'Sam Renamed' });
    expect(store.get(reviewerNameByIdAtom)('me')).toBe('Sam Renamed');
  });

  test('a comment for a reviewer nobody lists is refused and changes nothing', () => {
    expect(() =>
      store.set(addCommentAtom, { reviewerId: 'zz', comment: comment('x', 'zz', 'p1') }),
    ).toThrow('does not list');
    expect(store.get(totalCommentCountAtom)).toBe(4);
  });
});
