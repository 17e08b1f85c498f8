import { atom } from 'jotai';
import type { DesignView } from '../../../shared/contract.ts';
import type { Comment } from '../../../shared/domain.ts';
import { pagesAtom, reviewersAtom } from './review-atoms.ts';

/** The open design, without comments (they are loaded page by page into the reviewers). */
export const designAtom = atom<DesignView | null>(null);

/** Replaces the comments of one page with those just loaded from main. */
export const setPageCommentsAtom = atom(
  null,
  (get, set, { pageId, comments }: { pageId: string; comments: Comment[] }) => {
    const known = new Set(get(reviewersAtom).map((r) => r.id));
    const missing = comments.some((c) => !known.has(c.reviewerId));
    if (missing) throw new Error('A comment names a reviewer the design does not list.');
    set(reviewersAtom, (reviewers) =>
      reviewers.map((r) => ({
        ...r,
        comments: [
          ...r.comments.filter((c) => c.pageId !== pageId),
          ...comments.filter((c) => c.reviewerId === r.id),
        ].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      })),
    );
  },
);

/** Puts a new or changed comment in place, keeping each reviewer's list newest first. */
export const upsertCommentAtom = atom(null, (_get, set, comment: Comment) => {
  set(reviewersAtom, (reviewers) =>
    reviewers.map((r) => {
      const others = r.comments.filter((c) => c.id !== comment.id);
      if (r.id !== comment.reviewerId)
        return others.length === r.comments.length ? r : { ...r, comments: others };
      return {
        ...r,
        comments: [...others, comment].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      };
    }),
  );
});

/** Takes a deleted comment off screen. */
export const removeCommentAtom = atom(null, (_get, set, commentId: string) => {
  set(reviewersAtom, (reviewers) =>
    reviewers.map((r) =>
      r.comments.some((c) => c.id === commentId)
        ? { ...r, comments: r.comments.filter((c) => c.id !== commentId) }
        : r,
    ),
  );
});

/** Replaces the page list after a page was added, renamed, moved, replaced or deleted. */
export const setDesignPagesAtom = atom(null, (get, set, pages: DesignView['pages']) => {
  set(pagesAtom, pages);
  const design = get(designAtom);
  if (design) set(designAtom, { ...design, pages });
});

/** Comment mode: a click on the screenshot drops a pin. */
export const commentModeAtom = atom(false);
