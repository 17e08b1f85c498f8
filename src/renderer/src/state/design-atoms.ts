import { atom } from 'jotai';
import type { DesignView } from '../../../shared/contract.ts';
import type { Comment } from '../../../shared/domain.ts';
import { dropPage, remove, replacePage, upsert } from './comment-store.ts';
import { profileAtom } from './profile-atoms.ts';
import { commentStoreAtom, listedReviewersAtom, pagesAtom } from './review-atoms.ts';

/** The open design as main last described it (its reviewers' `comments` are empty). */
export const designAtom = atom<DesignView | null>(null);

/**
 * How many comments each loaded page had when first loaded after `designAtom` was set:
 * the design's total then moves by what changed on loaded pages since.
 */
export const pageCountBaselineAtom = atom<ReadonlyMap<string, number>>(new Map());

/** The design's comment count: main's figure, moved by the changes made here since. */
export const designCommentTotalAtom = atom((get) => {
  const design = get(designAtom);
  if (!design) return undefined;
  const { byPage } = get(commentStoreAtom);
  let total = design.commentCount;
  for (const [pageId, baseline] of get(pageCountBaselineAtom))
    total += (byPage.get(pageId)?.length ?? 0) - baseline;
  return total;
});

/** Takes main's fresh view of the open design: counts and reviewers; loaded comments stay. */
export const designRefreshedAtom = atom(null, (get, set, fresh: DesignView) => {
  set(designAtom, fresh);
  set(
    listedReviewersAtom,
    fresh.reviewers.map(({ comments: _comments, ...info }) => info),
  );
  const { byPage } = get(commentStoreAtom);
  set(pageCountBaselineAtom, new Map([...byPage].map(([id, ids]) => [id, ids.length])));
});

/** Replaces the comments of one page with those just loaded from main. */
export const setPageCommentsAtom = atom(
  null,
  (get, set, { pageId, comments }: { pageId: string; comments: Comment[] }) => {
    const known = new Set(get(listedReviewersAtom).map((r) => r.id));
    const me = get(profileAtom)?.reviewerId;
    if (me) known.add(me);
    if (comments.some((c) => !known.has(c.reviewerId)))
      throw new Error('A comment names a reviewer the design does not list.');
    set(commentStoreAtom, (store) => replacePage(store, pageId, comments));
    const baseline = get(pageCountBaselineAtom);
    if (!baseline.has(pageId))
      set(pageCountBaselineAtom, new Map(baseline).set(pageId, comments.length));
  },
);

/**
 * Shows a changed comment as main answered it. A comment no longer on screen (deleted
 * meanwhile, or of a review since left) is not brought back: new comments come only
 * through `addCommentAtom`.
 */
export const updateCommentAtom = atom(null, (get, set, comment: Comment) => {
  const store = get(commentStoreAtom);
  if (store.byId.has(comment.id)) set(commentStoreAtom, upsert(store, comment, 'end'));
});

/** Takes a deleted comment off screen. */
export const removeCommentAtom = atom(null, (_get, set, commentId: string) => {
  set(commentStoreAtom, (store) => remove(store, commentId));
});

/**
 * Replaces the page list after a page was added, renamed, moved, replaced or deleted;
 * the comments of pages no longer listed go with them.
 */
export const setDesignPagesAtom = atom(null, (get, set, pages: DesignView['pages']) => {
  set(pagesAtom, pages);
  const design = get(designAtom);
  if (design) set(designAtom, { ...design, pages });
  const kept = new Set(pages.map((p) => p.id));
  let store = get(commentStoreAtom);
  for (const pageId of store.byPage.keys()) if (!kept.has(pageId)) store = dropPage(store, pageId);
  set(commentStoreAtom, store);
});

/** Comment mode: a click on the screenshot drops a pin. */
export const commentModeAtom = atom(false);
