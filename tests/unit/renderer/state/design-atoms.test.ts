import { createStore } from 'jotai';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DesignView } from '../../../../src/shared/contract.ts';
import type { Comment, Page, Reviewer } from '../../../../src/shared/domain.ts';
import {
  commentModeAtom,
  designAtom,
  removeCommentAtom,
  setDesignPagesAtom,
  setPageCommentsAtom,
  upsertCommentAtom,
} from '../../../../src/renderer/src/state/design-atoms.ts';
import {
  allCommentsAtom,
  pagesAtom,
  reviewersAtom,
  totalCommentCountAtom,
} from '../../../../src/renderer/src/state/review-atoms.ts';

function comment(id: string, reviewerId: string, pageId: string, minute: number): Comment {
  return {
    id,
    contents: `comment ${id}`,
    created_at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    reviewerId,
    pageId,
    tag: 'main',
    position: { x: 10, y: 20, page: pageId },
    status: 'open',
    unread: false,
    replies: [],
  };
}

const reviewer = (id: string, name: string, comments: Comment[] = []): Reviewer => ({
  id,
  name,
  img: `/media/initials/${id}.svg`,
  comments,
});

const idsOf = (reviewers: Reviewer[]) =>
  Object.fromEntries(reviewers.map((r) => [r.id, r.comments.map((c) => c.id)]));

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  store = createStore();
  store.set(reviewersAtom, [
    reviewer('me', 'Dana', [comment('m-p1-old', 'me', 'p1', 1), comment('m-p2', 'me', 'p2', 5)]),
    reviewer('rui', 'Rui', [comment('r-p1', 'rui', 'p1', 3)]),
  ]);
});

describe('setPageCommentsAtom', () => {
  test("replaces only that page's comments, newest first within each reviewer", () => {
    store.set(setPageCommentsAtom, {
      pageId: 'p1',
      comments: [
        comment('m-p1-a', 'me', 'p1', 2),
        comment('m-p1-c', 'me', 'p1', 9),
        comment('r-p1-b', 'rui', 'p1', 4),
      ],
    });
    expect(idsOf(store.get(reviewersAtom))).toEqual({
      // p2's comment (minute 5) stays, sorted among the new ones.
      me: ['m-p1-c', 'm-p2', 'm-p1-a'],
      rui: ['r-p1-b'],
    });
  });

  test('an empty list clears the page and leaves the others', () => {
    store.set(setPageCommentsAtom, { pageId: 'p1', comments: [] });
    expect(idsOf(store.get(reviewersAtom))).toEqual({ me: ['m-p2'], rui: [] });
    expect(store.get(totalCommentCountAtom)).toBe(1);
  });

  test('loading the same page twice does not duplicate its comments', () => {
    const comments = [comment('m-p1-a', 'me', 'p1', 2), comment('r-p1-b', 'rui', 'p1', 4)];
    store.set(setPageCommentsAtom, { pageId: 'p1', comments });
    store.set(setPageCommentsAtom, { pageId: 'p1', comments });
    expect(store.get(allCommentsAtom).map((c) => c.id)).toEqual(['m-p2', 'm-p1-a', 'r-p1-b']);
  });

  test('refuses comments by a reviewer the design does not list, changing nothing', () => {
    const before = store.get(reviewersAtom);
    expect(() =>
      store.set(setPageCommentsAtom, {
        pageId: 'p1',
        comments: [comment('m-p1-a', 'me', 'p1', 2), comment('x', 'stranger', 'p1', 3)],
      }),
    ).toThrow('A comment names a reviewer the design does not list.');
    expect(store.get(reviewersAtom)).toBe(before);
  });
});

describe('upsertCommentAtom', () => {
  test('inserts a new comment in its reviewer’s list, newest first', () => {
    store.set(upsertCommentAtom, comment('m-new', 'me', 'p1', 3));
    expect(idsOf(store.get(reviewersAtom))).toEqual({
      me: ['m-p2', 'm-new', 'm-p1-old'],
      rui: ['r-p1'],
    });
  });

  test('replaces a comment with the same id instead of adding it again', () => {
    const edited = {
      ...comment('m-p1-old', 'me', 'p1', 1),
      contents: 'edited',
      status: 'resolved' as const,
    };
    store.set(upsertCommentAtom, edited);
    const mine = store.get(reviewersAtom).find((r) => r.id === 'me')!.comments;
    expect(mine.map((c) => c.id)).toEqual(['m-p2', 'm-p1-old']);
    expect(mine[1]).toEqual(edited);
    expect(store.get(totalCommentCountAtom)).toBe(3);
  });

  test('leaves reviewers it does not touch as they were', () => {
    const rui = store.get(reviewersAtom)[1];
    store.set(upsertCommentAtom, comment('m-new', 'me', 'p1', 3));
    expect(store.get(reviewersAtom)[1]).toBe(rui);
  });
});

describe('removeCommentAtom', () => {
  test('takes the comment out of whichever reviewer has it', () => {
    store.set(removeCommentAtom, 'r-p1');
    expect(idsOf(store.get(reviewersAtom))).toEqual({ me: ['m-p1-old', 'm-p2'], rui: [] });
  });

  test('an unknown id changes nothing', () => {
    const before = store.get(reviewersAtom);
    store.set(removeCommentAtom, 'nope');
    expect(store.get(reviewersAtom)).toEqual(before);
    expect(store.get(totalCommentCountAtom)).toBe(3);
  });
});

describe('setDesignPagesAtom', () => {
  const pages: Page[] = [
    { id: 'p2', name: 'two', img: '/media/images/b.png' },
    { id: 'p1', name: 'one', img: '/media/images/a.png' },
  ];

  test('sets the pages shown and the open design’s pages together', () => {
    const view: DesignView = {
      id: 'd',
      name: 'Design',
      description: '',
      pages: [],
      reviewers: [],
      commentCount: 3,
      likes: { count: 0, likedByMe: false },
    };
    store.set(designAtom, view);
    store.set(setDesignPagesAtom, pages);
    expect(store.get(pagesAtom)).toEqual(pages);
    expect(store.get(designAtom)).toEqual({ ...view, pages });
  });

  test('with no design open, only the pages shown change', () => {
    store.set(setDesignPagesAtom, pages);
    expect(store.get(pagesAtom)).toEqual(pages);
    expect(store.get(designAtom)).toBeNull();
  });
});

test('comment mode starts off in a fresh store', () => {
  expect(store.get(commentModeAtom)).toBe(false);
});
