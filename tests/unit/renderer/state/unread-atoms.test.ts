import { createStore } from 'jotai';
import { describe, expect, test } from 'vitest';
import { designAtom, setDesignPagesAtom } from '../../../../src/renderer/src/state/design-atoms.ts';
import { pagesAtom } from '../../../../src/renderer/src/state/review-atoms.ts';
import {
  pageSeenAtom,
  resetSeenAtom,
  unreadByPageAtom,
} from '../../../../src/renderer/src/state/unread-atoms.ts';
import { isPackageFile } from '../../../../src/renderer/src/hooks/use-file-drop.ts';
import { designView } from './fixtures.ts';

const counts = (store: ReturnType<typeof createStore>) =>
  Object.fromEntries(store.get(unreadByPageAtom));

describe('unread counts per page', () => {
  test("are main's figures, less the pages marked seen, through later page changes", () => {
    const store = createStore();
    expect(counts(store)).toEqual({});
    const view = { ...designView('d', ['p1', 'p2', 'p3'], []), unreadByPage: { p1: 3, p2: 1 } };
    store.set(designAtom, view);
    store.set(pagesAtom, view.pages);
    expect(counts(store)).toEqual({ p1: 3, p2: 1 });

    store.set(pageSeenAtom, { designId: 'd', pageId: 'p1' });
    expect(counts(store)).toEqual({ p2: 1 });
    // A page change replaces the design's view with the figures it had: p1 stays seen.
    store.set(setDesignPagesAtom, view.pages.slice(0, 2));
    expect(counts(store)).toEqual({ p2: 1 });

    // Another design's marking counts nothing here; a new opening starts afresh.
    store.set(pageSeenAtom, { designId: 'other', pageId: 'p2' });
    expect(counts(store)).toEqual({ p1: 3, p2: 1 });
    store.set(pageSeenAtom, { designId: 'd', pageId: 'p2' });
    expect(counts(store)).toEqual({ p1: 3 });
    store.set(resetSeenAtom);
    expect(counts(store)).toEqual({ p1: 3, p2: 1 });
  });

  test('are empty without a design (samples)', () => {
    const store = createStore();
    store.set(designAtom, null);
    expect(store.get(unreadByPageAtom).size).toBe(0);
  });
});

describe('isPackageFile', () => {
  test('takes .critpkg in any case and nothing else', () => {
    expect(isPackageFile({ name: 'Checkout.critpkg' })).toBe(true);
    expect(isPackageFile({ name: 'CHECKOUT.CRITPKG' })).toBe(true);
    expect(isPackageFile({ name: 'home.png' })).toBe(false);
    expect(isPackageFile({ name: 'critpkg' })).toBe(false);
    expect(isPackageFile({ name: 'a.critpkg.png' })).toBe(false);
  });
});
