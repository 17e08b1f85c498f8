import { createStore } from 'jotai';
import { beforeEach, describe, expect, test } from 'vitest';
import type { Reviewer } from '../../../../src/shared/domain.ts';
import {
  designAtom,
  designCommentTotalAtom,
  designRefreshedAtom,
  removeCommentAtom,
  setDesignPagesAtom,
  setPageCommentsAtom,
  updateCommentAtom,
} from '../../../../src/renderer/src/state/design-atoms.ts';
import { profileAtom } from '../../../../src/renderer/src/state/profile-atoms.ts';
import {
  addCommentAtom,
  allCommentsAtom,
  loadReviewAtom,
  localUserListedAtom,
  newCommentPlaceAtom,
  pageCommentsAtom,
  reviewersAtom,
  selectedPageIdAtom,
  totalCommentCountAtom,
} from '../../../../src/renderer/src/state/review-atoms.ts';
import { comment, designView, page, reviewer } from './fixtures.ts';

const idsOf = (reviewers: Reviewer[]) =>
  Object.fromEntries(reviewers.map((r) => [r.id, r.comments.map((c) => c.id)]));

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  store = createStore();
  const view = {
    ...designView('d', ['p1', 'p2'], [reviewer('me', 'Dana'), reviewer('rui', 'Rui')]),
  };
  store.set(designAtom, { ...view, commentCount: 10 });
  store.set(loadReviewAtom, view);
  store.set(newCommentPlaceAtom, 'start');
  store.set(localUserListedAtom, 'always');
  store.set(setPageCommentsAtom, {
    pageId: 'p1',
    comments: [comment('m-p1', 'me', 'p1', 4), comment('r-p1', 'rui', 'p1', 3)],
  });
  store.set(setPageCommentsAtom, { pageId: 'p2', comments: [comment('m-p2', 'me', 'p2', 5)] });
});

describe('page comments', () => {
  test("replacing a page's comments leaves the other pages' as they were", () => {
    store.set(setPageCommentsAtom, {
      pageId: 'p1',
      comments: [comment('m-p1-b', 'me', 'p1', 9), comment('r-p1-b', 'rui', 'p1', 8)],
    });
    expect(idsOf(store.get(reviewersAtom))).toEqual({ me: ['m-p2', 'm-p1-b'], rui: ['r-p1-b'] });
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['m-p1-b', 'r-p1-b']);
  });

  test('loading the same page twice does not duplicate its comments', () => {
    const again = [comment('m-p1', 'me', 'p1', 4), comment('r-p1', 'rui', 'p1', 3)];
    store.set(setPageCommentsAtom, { pageId: 'p1', comments: again });
    expect(store.get(totalCommentCountAtom)).toBe(3);
  });

  test('refuses comments by a reviewer the design does not list, changing nothing', () => {
    const before = store.get(reviewersAtom);
    expect(() =>
      store.set(setPageCommentsAtom, {
        pageId: 'p1',
        comments: [comment('x', 'stranger', 'p1')],
      }),
    ).toThrow('A comment names a reviewer the design does not list.');
    expect(store.get(reviewersAtom)).toEqual(before);
  });

  test('refuses a comment of another page in a page’s answer', () => {
    expect(() =>
      store.set(setPageCommentsAtom, { pageId: 'p1', comments: [comment('y', 'me', 'p2')] }),
    ).toThrow('names another page');
    expect(store.get(totalCommentCountAtom)).toBe(3);
  });
});

describe('changing comments', () => {
  test('a new comment in a design goes first on its page, as main lists them', () => {
    store.set(addCommentAtom, { reviewerId: 'me', comment: comment('new', 'me', 'p1', 30) });
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['new', 'm-p1', 'r-p1']);
  });

  test('an edited comment keeps its place and shows its new content', () => {
    store.set(updateCommentAtom, { ...comment('m-p1', 'me', 'p1', 4), contents: 'edited' });
    const shown = store.get(pageCommentsAtom);
    expect(shown.map((c) => c.id)).toEqual(['m-p1', 'r-p1']);
    expect(shown[0]!.contents).toBe('edited');
  });

  test('a late answer for a deleted comment does not bring it back', () => {
    store.set(removeCommentAtom, 'r-p1');
    store.set(updateCommentAtom, { ...comment('r-p1', 'rui', 'p1'), status: 'resolved' });
    expect(store.get(allCommentsAtom).map((c) => c.id)).toEqual(['m-p1', 'm-p2']);
  });

  test('an unknown id deletes nothing', () => {
    const before = store.get(allCommentsAtom);
    store.set(removeCommentAtom, 'nope');
    expect(store.get(allCommentsAtom)).toEqual(before);
  });
});

describe('the design’s comment total', () => {
  test('starts at main’s count and follows what is added and deleted here', () => {
    expect(store.get(designCommentTotalAtom)).toBe(10);
    store.set(addCommentAtom, { reviewerId: 'me', comment: comment('new', 'me', 'p1') });
    expect(store.get(designCommentTotalAtom)).toBe(11);
    store.set(removeCommentAtom, 'm-p2');
    store.set(removeCommentAtom, 'r-p1');
    expect(store.get(designCommentTotalAtom)).toBe(9);
  });

  test('reloading a page does not count its comments twice', () => {
    store.set(setPageCommentsAtom, { pageId: 'p2', comments: [comment('m-p2', 'me', 'p2')] });
    expect(store.get(designCommentTotalAtom)).toBe(10);
  });

  test('deleting a loaded page takes its comments off the total; main’s fresh count then holds', () => {
    store.set(setDesignPagesAtom, [page('p2')]);
    expect(store.get(designCommentTotalAtom)).toBe(8);
    expect(store.get(allCommentsAtom).map((c) => c.id)).toEqual(['m-p2']);
    store.set(designRefreshedAtom, { ...store.get(designAtom)!, commentCount: 7 });
    expect(store.get(designCommentTotalAtom)).toBe(7);
    store.set(removeCommentAtom, 'm-p2');
    expect(store.get(designCommentTotalAtom)).toBe(6);
  });

  test('the page list and the open design’s pages change together', () => {
    store.set(setDesignPagesAtom, [page('p2'), page('p1')]);
    expect(store.get(designAtom)!.pages.map((p) => p.id)).toEqual(['p2', 'p1']);
    expect(store.get(selectedPageIdAtom)).toBe('p1');
  });
});

describe('the local user', () => {
  test('is listed in a design with their profile as it is now, without copying it', () => {
    store.set(profileAtom, { reviewerId: 'me', name: 'Dana R.', role: 'expert', avatar: '/a.png' });
    const me = store.get(reviewersAtom).find((r) => r.id === 'me')!;
    expect(me).toMatchObject({ name: 'Dana R.', role: 'expert', img: '/a.png' });
    expect(me.comments.map((c) => c.id)).toEqual(['m-p1', 'm-p2']);
  });

  test('a new profile joins a design’s reviewers at once', () => {
    store.set(profileAtom, { reviewerId: 'new', name: 'Pat', role: 'peer', avatar: '/p.svg' });
    expect(store.get(reviewersAtom).map((r) => r.name)).toEqual(['Dana', 'Rui', 'Pat']);
    store.set(addCommentAtom, { reviewerId: 'new', comment: comment('c', 'new', 'p1') });
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['m-p1', 'r-p1', 'c']);
  });
});
