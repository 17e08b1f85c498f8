import { atom } from 'jotai';
import type { Comment, CommentStatus, Page, Reviewer, Tag } from '../../../shared/domain.ts';

// SPEC A4: the review's state. Derived values are derived atoms, never copies.

export const pagesAtom = atom<Page[]>([]);
export const reviewersAtom = atom<Reviewer[]>([]);
export const selectedPageIdAtom = atom<string | null>(null);
/** null means all reviewers. */
export const selectedReviewerIdAtom = atom<string | null>(null);

/** Replaces the review's data and selects its first page (what loading a review does). */
export const loadReviewAtom = atom(
  null,
  (_get, set, review: { pages: Page[]; reviewers: Reviewer[] }) => {
    set(pagesAtom, review.pages);
    set(reviewersAtom, review.reviewers);
    set(selectedPageIdAtom, review.pages[0]?.id ?? null);
    set(selectedReviewerIdAtom, null);
    set(commentSelectionAtom, null);
  },
);

/** Appends a comment to the given reviewer's list. */
export const addCommentAtom = atom(
  null,
  (_get, set, { reviewerId, comment }: { reviewerId: string; comment: Comment }) => {
    set(reviewersAtom, (reviewers) =>
      reviewers.map((r) =>
        r.id === reviewerId ? { ...r, comments: [...r.comments, comment] } : r,
      ),
    );
  },
);

export const totalCommentCountAtom = atom((get) =>
  get(reviewersAtom).reduce((sum, r) => sum + r.comments.length, 0),
);

export const commentCountByReviewerAtom = atom(
  (get) => new Map(get(reviewersAtom).map((r) => [r.id, r.comments.length])),
);

export const reviewerByIdAtom = atom((get) => {
  const byId = new Map(get(reviewersAtom).map((r) => [r.id, r]));
  return (id: string): Reviewer | undefined => byId.get(id);
});

/** A reviewer's name, or '' for an unknown id. */
export const reviewerNameByIdAtom = atom((get) => {
  const byId = get(reviewerByIdAtom);
  return (id: string): string => byId(id)?.name ?? '';
});

export const allCommentsAtom = atom((get) => get(reviewersAtom).flatMap((r) => r.comments));

export const selectedPageAtom = atom(
  (get) => get(pagesAtom).find((p) => p.id === get(selectedPageIdAtom)) ?? null,
);

// Filters beyond the reviewer one: by tag and by status.
export const tagFilterAtom = atom<Tag | null>(null);
export type StatusFilter = CommentStatus | 'all';
export const statusFilterAtom = atom<StatusFilter>('all');

/** Comments on the selected page that pass the tag and status filters (any reviewer). */
export const pageCommentsAtom = atom((get) => {
  const pageId = get(selectedPageIdAtom);
  const tag = get(tagFilterAtom);
  const status = get(statusFilterAtom);
  return get(allCommentsAtom).filter(
    (c) =>
      c.pageId === pageId &&
      (tag === null || c.tag === tag) &&
      (status === 'all' || c.status === status),
  );
});

/**
 * What the pins and the comments panel show: the selected page's comments, of the
 * selected reviewer if there is one. Pin numbers are positions in this list, from 1.
 */
export const visibleCommentsAtom = atom((get) => {
  const reviewerId = get(selectedReviewerIdAtom);
  const comments = get(pageCommentsAtom);
  return reviewerId === null ? comments : comments.filter((c) => c.reviewerId === reviewerId);
});

/** Where a comment selection came from, so the other side is the one revealed. */
export interface CommentSelection {
  id: string;
  from: 'pin' | 'card';
}

/** The comment whose pin and card are highlighted, linked both ways. */
export const commentSelectionAtom = atom<CommentSelection | null>(null);
export const selectedCommentIdAtom = atom((get) => get(commentSelectionAtom)?.id ?? null);
