import { atom, type SetStateAction } from 'jotai';
import type { Comment, CommentStatus, Page, Reviewer, Tag } from '../../../shared/domain.ts';
import {
  EMPTY_STORE,
  commentsOfPage,
  groupByReviewer,
  storeOf,
  upsert,
  type CommentStore,
  type NewCommentPlace,
} from './comment-store.ts';
import { profileAtom } from './profile-atoms.ts';

// SPEC A4: the review's state. Comments live once, keyed by id and grouped by page;
// reviewers with their comments, counts and lookups are derived from them.

/** A reviewer as listed, without comments. */
export type ReviewerInfo = Omit<Reviewer, 'comments'>;

export const pagesAtom = atom<Page[]>([]);
export const selectedPageIdAtom = atom<string | null>(null);
/** null means all reviewers. */
export const selectedReviewerIdAtom = atom<string | null>(null);

/** The reviewers the review lists, as loaded. */
export const listedReviewersAtom = atom<ReviewerInfo[]>([]);
/** Every loaded comment of the review. */
export const commentStoreAtom = atom<CommentStore>(EMPTY_STORE);
/** Where a new comment goes: samples append (SPEC A4), designs list newest first. */
export const newCommentPlaceAtom = atom<NewCommentPlace>('end');
/** Designs list the local user from the start; samples once they have commented. */
export const localUserListedAtom = atom<'always' | 'once-commented'>('once-commented');

const localUserHasCommentedAtom = atom((get) => {
  const me = get(profileAtom)?.reviewerId;
  if (!me) return false;
  for (const comment of get(commentStoreAtom).byId.values())
    if (comment.reviewerId === me) return true;
  return false;
});

/**
 * The reviewers shown, without comments: the listed ones, the local user's entry
 * carrying their profile as it is now (name, role, avatar), and the local user added
 * where they are not listed but belong. Changes only when people change, not comments.
 */
export const reviewerInfoAtom = atom<ReviewerInfo[]>((get) => {
  const listed = get(listedReviewersAtom);
  const profile = get(profileAtom);
  if (!profile) return listed;
  const mine: ReviewerInfo = {
    id: profile.reviewerId,
    name: profile.name,
    img: profile.avatar,
    role: profile.role,
  };
  const index = listed.findIndex((r) => r.id === mine.id);
  if (index >= 0) return listed.with(index, { ...listed[index], ...mine });
  const joins = get(localUserListedAtom) === 'always' || get(localUserHasCommentedAtom);
  return joins ? [...listed, mine] : listed;
});

/** Reviewers with their loaded comments. Setting it replaces reviewers and comments. */
export const reviewersAtom = atom(
  (get): Reviewer[] => {
    const byReviewer = groupByReviewer(get(commentStoreAtom).byId.values());
    return get(reviewerInfoAtom).map((r) => ({ ...r, comments: byReviewer.get(r.id) ?? [] }));
  },
  (get, set, next: SetStateAction<Reviewer[]>) => {
    const reviewers = typeof next === 'function' ? next(get(reviewersAtom)) : next;
    set(
      listedReviewersAtom,
      reviewers.map(({ comments: _comments, ...info }) => info),
    );
    set(
      commentStoreAtom,
      storeOf(
        reviewers.flatMap((r) =>
          r.comments.map((c) => (c.reviewerId === r.id ? c : { ...c, reviewerId: r.id })),
        ),
      ),
    );
  },
);

/** Where a selection of a comment came from, so the other side is the one revealed. */
export interface CommentSelection {
  id: string;
  from: 'pin' | 'card';
}

/** The comment whose pin and card are highlighted, linked both ways. */
export const commentSelectionAtom = atom<CommentSelection | null>(null);
export const selectedCommentIdAtom = atom((get) => get(commentSelectionAtom)?.id ?? null);

/** Replaces the review's data and selects its first page (what loading a review does). */
export const loadReviewAtom = atom(
  null,
  (_get, set, review: { pages: Page[]; reviewers: Reviewer[] }) => {
    set(pagesAtom, review.pages);
    set(reviewersAtom, review.reviewers);
    set(selectedPageIdAtom, review.pages[0]?.id ?? null);
    set(selectedReviewerIdAtom, null);
    set(commentSelectionAtom, null);
    set(newCommentPlaceAtom, 'end');
    set(localUserListedAtom, 'once-commented');
  },
);

/**
 * The one way a new comment enters the review: to the given reviewer (who must be
 * listed, or be the local user), on the comment's page, at the review's place for new
 * comments (appended to that reviewer's list in samples). An unknown reviewer is refused.
 */
export const addCommentAtom = atom(
  null,
  (get, set, { reviewerId, comment }: { reviewerId: string; comment: Comment }) => {
    const known =
      get(profileAtom)?.reviewerId === reviewerId ||
      get(listedReviewersAtom).some((r) => r.id === reviewerId);
    if (!known) throw new Error('A comment was added for a reviewer the review does not list.');
    set(commentStoreAtom, (store) =>
      upsert(store, { ...comment, reviewerId }, get(newCommentPlaceAtom)),
    );
  },
);

export const totalCommentCountAtom = atom((get) => get(commentStoreAtom).byId.size);

export const commentCountByReviewerAtom = atom(
  (get) => new Map(get(reviewersAtom).map((r) => [r.id, r.comments.length])),
);

export const reviewerByIdAtom = atom((get) => {
  const byId = new Map(get(reviewersAtom).map((r) => [r.id, r]));
  return (id: string): Reviewer | undefined => byId.get(id);
});

/** Name and avatar by reviewer id, stable while only comments change. */
export const reviewerInfoByIdAtom = atom((get) => {
  const byId = new Map(get(reviewerInfoAtom).map((r) => [r.id, r]));
  return (id: string): ReviewerInfo | undefined => byId.get(id);
});

/** A reviewer's name, or '' for an unknown id. */
export const reviewerNameByIdAtom = atom((get) => {
  const byId = get(reviewerInfoByIdAtom);
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

/** The selected page's comments, reviewer by reviewer (only that page's are read). */
const selectedPageCommentsAtom = atom((get) => {
  const byReviewer = groupByReviewer(
    commentsOfPage(get(commentStoreAtom), get(selectedPageIdAtom)),
  );
  return get(reviewerInfoAtom).flatMap((r) => byReviewer.get(r.id) ?? []);
});

/** Comments on the selected page that pass the tag and status filters (any reviewer). */
export const pageCommentsAtom = atom((get) => {
  const tag = get(tagFilterAtom);
  const status = get(statusFilterAtom);
  const comments = get(selectedPageCommentsAtom);
  if (tag === null && status === 'all') return comments;
  return comments.filter(
    (c) => (tag === null || c.tag === tag) && (status === 'all' || c.status === status),
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
