import { createStore } from 'jotai';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { DesignView } from '../../../../src/shared/contract.ts';
import type { Comment, Review } from '../../../../src/shared/domain.ts';
import { designAtom } from '../../../../src/renderer/src/state/design-atoms.ts';
import {
  loadPageCommentsAtom,
  openDesignAtom,
  openSampleAtom,
  type ReviewSource,
} from '../../../../src/renderer/src/state/review-loading.ts';
import {
  addCommentAtom,
  pageCommentsAtom,
  pagesAtom,
  selectedPageIdAtom,
} from '../../../../src/renderer/src/state/review-atoms.ts';
import { comment, deferred, designView, reviewer } from './fixtures.ts';

/** A bridge whose every answer the test releases by hand, in any order. */
function fakeSource() {
  const opens = new Map<string, ReturnType<typeof deferred<DesignView>>>();
  const samples = new Map<string, ReturnType<typeof deferred<Review>>>();
  const lists: { pageId: string; answer: ReturnType<typeof deferred<Comment[]>> }[] = [];
  const source: ReviewSource = {
    designs: {
      open: (id) => {
        const answer = deferred<DesignView>();
        opens.set(id, answer);
        return answer.promise;
      },
    },
    samples: {
      open: (name) => {
        const answer = deferred<Review>();
        samples.set(name, answer);
        return answer.promise;
      },
    },
    comments: {
      list: (pageId) => {
        const answer = deferred<Comment[]>();
        lists.push({ pageId, answer });
        return answer.promise;
      },
    },
  };
  return { source, opens, samples, lists };
}

const people = [reviewer('ada', 'Ada'), reviewer('jun', 'Jun')];
let store: ReturnType<typeof createStore>;
let fake: ReturnType<typeof fakeSource>;

beforeEach(() => {
  store = createStore();
  fake = fakeSource();
});

describe('opening one review and then another quickly', () => {
  test('shows the second when the first answers last', async () => {
    const a = store.set(openDesignAtom, { source: fake.source, id: 'A' });
    const b = store.set(openDesignAtom, { source: fake.source, id: 'B' });
    fake.opens.get('B')!.resolve(designView('B', ['b1'], people));
    fake.opens.get('A')!.resolve(designView('A', ['a1'], people));
    expect(await b).toBe(true);
    expect(await a).toBe(false);
    expect(store.get(designAtom)?.id).toBe('B');
    expect(store.get(pagesAtom).map((p) => p.id)).toEqual(['b1']);
  });

  test('a first opening that fails late does not report over the second', async () => {
    const a = store.set(openDesignAtom, { source: fake.source, id: 'A' });
    const b = store.set(openDesignAtom, { source: fake.source, id: 'B' });
    fake.opens.get('B')!.resolve(designView('B', ['b1'], people));
    fake.opens.get('A')!.reject(new Error('A is gone'));
    await expect(a).resolves.toBe(false);
    await expect(b).resolves.toBe(true);
    expect(store.get(designAtom)?.id).toBe('B');
  });

  test('a design that answers after a sample was opened does not replace it', async () => {
    const design = store.set(openDesignAtom, { source: fake.source, id: 'A' });
    const sample = store.set(openSampleAtom, { source: fake.source, name: 'netflix' });
    fake.samples.get('netflix')!.resolve({ title: 'Netflix', pages: [], reviewers: people });
    await sample;
    fake.opens.get('A')!.resolve(designView('A', ['a1'], people));
    await design;
    expect(store.get(designAtom)).toBeNull();
    expect(store.get(pagesAtom)).toEqual([]);
  });

  test('while the second opens, nothing of the first stays on screen', async () => {
    const a = store.set(openDesignAtom, { source: fake.source, id: 'A' });
    fake.opens.get('A')!.resolve(designView('A', ['a1'], people));
    await a;
    void store.set(openDesignAtom, { source: fake.source, id: 'B' });
    expect(store.get(designAtom)).toBeNull();
    expect(store.get(pagesAtom)).toEqual([]);
  });
});

describe('page comments', () => {
  beforeEach(async () => {
    const open = store.set(openDesignAtom, { source: fake.source, id: 'D' });
    fake.opens.get('D')!.resolve(designView('D', ['p1', 'p2'], people));
    await open;
  });

  test("switching page A to B quickly never shows A's comments on B", async () => {
    const first = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' });
    store.set(selectedPageIdAtom, 'p2');
    const second = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p2' });
    fake.lists[1]!.answer.resolve([comment('on-p2', 'jun', 'p2')]);
    await second;
    fake.lists[0]!.answer.resolve([comment('on-p1', 'ada', 'p1')]);
    await first;
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['on-p2']);
    store.set(selectedPageIdAtom, 'p1');
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['on-p1']);
  });

  test('a page of the review shown before is not loaded into the one opening now', async () => {
    void store.set(openDesignAtom, { source: fake.source, id: 'E' });
    expect(await store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' })).toBe(
      false,
    );
    expect(fake.lists).toHaveLength(0);
  });

  test('an older load of the same page answering last is dropped', async () => {
    const older = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' });
    const newer = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' });
    fake.lists[1]!.answer.resolve([comment('new', 'ada', 'p1')]);
    fake.lists[0]!.answer.resolve([comment('old', 'ada', 'p1')]);
    expect(await newer).toBe(true);
    expect(await older).toBe(false);
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['new']);
  });

  test('a page answer arriving after another design opened is dropped', async () => {
    const load = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' });
    const other = store.set(openDesignAtom, { source: fake.source, id: 'E' });
    fake.opens.get('E')!.resolve(designView('E', ['p1'], people));
    await other;
    fake.lists[0]!.answer.resolve([comment('from-D', 'ada', 'p1')]);
    expect(await load).toBe(false);
    expect(store.get(pageCommentsAtom)).toEqual([]);
  });

  test('a comment added while the page loads is not lost: the page is asked for again', async () => {
    const load = store.set(loadPageCommentsAtom, { source: fake.source, pageId: 'p1' });
    store.set(addCommentAtom, { reviewerId: 'ada', comment: comment('added', 'ada', 'p1') });
    // This answer left main before the comment was saved.
    fake.lists[0]!.answer.resolve([comment('older', 'jun', 'p1')]);
    await vi.waitFor(() => expect(fake.lists).toHaveLength(2));
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['added']);
    fake.lists[1]!.answer.resolve([comment('added', 'ada', 'p1'), comment('older', 'jun', 'p1')]);
    expect(await load).toBe(true);
    expect(store.get(pageCommentsAtom).map((c) => c.id)).toEqual(['added', 'older']);
  });
});
