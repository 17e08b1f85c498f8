import { atom } from 'jotai';
import type { DesignView } from '../../../shared/contract.ts';
import type { Comment, Review } from '../../../shared/domain.ts';
import { commentsOfPage } from './comment-store.ts';
import {
  commentModeAtom,
  designAtom,
  designRefreshedAtom,
  pageCountBaselineAtom,
  setPageCommentsAtom,
} from './design-atoms.ts';
import {
  commentStoreAtom,
  loadReviewAtom,
  localUserListedAtom,
  newCommentPlaceAtom,
  pagesAtom,
} from './review-atoms.ts';

/** The bridge calls that load a review (the bridge's `api` is one). */
export interface ReviewSource {
  samples: { open(name: string): Promise<Review> };
  designs: { open(id: string): Promise<DesignView> };
  comments: { list(pageId: string): Promise<Comment[]> };
}

// Bookkeeping of requests in flight, never rendered: each opening takes a ticket, and
// an answer counts only if no newer opening (of any review) began while it travelled.
const openTicketAtom = atom(0);
const pageTicketAtom = atom(0);
const latestPageLoadAtom = atom<ReadonlyMap<string, number>>(new Map());

/** Waits for `request`; undefined when `stale()` turned true meanwhile (errors too). */
async function unlessStale<T>(request: Promise<T>, stale: () => boolean): Promise<T | undefined> {
  try {
    const value = await request;
    return stale() ? undefined : value;
  } catch (error) {
    if (stale()) return undefined;
    throw error;
  }
}

/** Clears the review on screen and starts a new opening; returns its staleness check. */
const beginOpeningAtom = atom(null, (get, set) => {
  const ticket = get(openTicketAtom) + 1;
  set(openTicketAtom, ticket);
  set(designAtom, null);
  set(commentModeAtom, false);
  set(pageCountBaselineAtom, new Map());
  // Nothing of the review shown before may stay on screen while this one opens, or if it
  // cannot be opened: its pages would look like this one's and take edits.
  set(loadReviewAtom, { pages: [], reviewers: [] });
  return () => get(openTicketAtom) !== ticket;
});

/** Opens a sample review; the review, or null when another opening overtook it. */
export const openSampleAtom = atom(
  null,
  async (_get, set, { source, name }: { source: ReviewSource; name: string }) => {
    const stale = set(beginOpeningAtom);
    const review = await unlessStale(source.samples.open(name), stale);
    if (!review) return null;
    set(loadReviewAtom, review);
    return review;
  },
);

/** Opens a design (pages, reviewers, counts); true when it is the one on screen. */
export const openDesignAtom = atom(
  null,
  async (_get, set, { source, id }: { source: ReviewSource; id: string }) => {
    const stale = set(beginOpeningAtom);
    const opened = await unlessStale(source.designs.open(id), stale);
    if (!opened) return false;
    set(designAtom, opened);
    set(loadReviewAtom, opened);
    set(newCommentPlaceAtom, 'start');
    set(localUserListedAtom, 'always');
    return true;
  },
);

/** Asks main again for the open design's counts and reviewers. */
export const refreshDesignAtom = atom(null, async (get, set, source: ReviewSource) => {
  const design = get(designAtom);
  if (!design) return false;
  const ticket = get(openTicketAtom);
  const fresh = await unlessStale(
    source.designs.open(design.id),
    () => get(openTicketAtom) !== ticket,
  );
  if (!fresh) return false;
  set(designRefreshedAtom, fresh);
  return true;
});

/**
 * Loads one page's comments into the review, if the page is one of its pages. The answer
 * is dropped when another review
 * opened meanwhile or a newer load of the same page began; when the page's comments
 * changed here while it travelled (a comment added, edited or deleted), it may not
 * hold that change, so the page is asked for again.
 */
export const loadPageCommentsAtom = atom(
  null,
  async (get, set, { source, pageId }: { source: ReviewSource; pageId: string }) => {
    // A page of the review shown before (asked for by a screen that has not caught up).
    if (!get(pagesAtom).some((p) => p.id === pageId)) return false;
    const opening = get(openTicketAtom);
    const ticket = get(pageTicketAtom) + 1;
    set(pageTicketAtom, ticket);
    set(latestPageLoadAtom, (latest) => new Map(latest).set(pageId, ticket));
    const stale = () =>
      get(openTicketAtom) !== opening || get(latestPageLoadAtom).get(pageId) !== ticket;
    for (;;) {
      const before = commentsOfPage(get(commentStoreAtom), pageId);
      const comments = await unlessStale(source.comments.list(pageId), stale);
      if (!comments) return false;
      const now = commentsOfPage(get(commentStoreAtom), pageId);
      if (now.length === before.length && now.every((c, i) => c === before[i])) {
        set(setPageCommentsAtom, { pageId, comments });
        return true;
      }
    }
  },
);
