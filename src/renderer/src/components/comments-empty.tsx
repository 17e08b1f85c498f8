import { useAtom, useAtomValue } from 'jotai';
import { describeFilters } from '../state/filter-summary.ts';
import {
  commentStoreAtom,
  reviewerNameByIdAtom,
  selectedPageIdAtom,
  selectedReviewerIdAtom,
  statusFilterAtom,
  tagFilterAtom,
} from '../state/review-atoms.ts';

/**
 * What the comments panel says when it lists nothing: that the filters hide everything
 * (naming them, with a way to clear them), or that the page has no comments yet.
 */
export function CommentsEmpty() {
  const { byPage } = useAtomValue(commentStoreAtom);
  const pageId = useAtomValue(selectedPageIdAtom);
  const pageHasComments = pageId !== null && (byPage.get(pageId)?.length ?? 0) > 0;
  const [tag, setTag] = useAtom(tagFilterAtom);
  const [status, setStatus] = useAtom(statusFilterAtom);
  const [reviewerId, setReviewerId] = useAtom(selectedReviewerIdAtom);
  const nameOf = useAtomValue(reviewerNameByIdAtom);
  const filters = describeFilters({
    tag,
    status,
    reviewer: reviewerId === null ? null : nameOf(reviewerId),
  });
  if (!pageHasComments || filters.length === 0)
    return <p className="empty-note">No comments on this page yet.</p>;
  const clear = () => {
    setTag(null);
    setStatus('all');
    setReviewerId(null);
  };
  return (
    <output className="empty-note empty-note--filtered">
      <p>No comments match: {filters.join(', ')}.</p>
      <button type="button" className="button" onClick={clear}>
        Clear filters
      </button>
    </output>
  );
}
