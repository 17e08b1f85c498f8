import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { reviewersAtom, totalCommentCountAtom } from '../state/review-atoms.ts';
import './counters.css';

const INITIAL_LIKES = 16;

interface CountersProps {
  /** Overrides the comment total where not every comment is loaded (designs). */
  commentTotal?: number | undefined;
  reviewerTotal?: number | undefined;
}

/** Comments, reviewers and likes. Likes live only as long as the screen (SPEC A2). */
export function Counters({ commentTotal, reviewerTotal }: CountersProps) {
  const loadedTotal = useAtomValue(totalCommentCountAtom);
  const reviewers = useAtomValue(reviewersAtom);
  const [likes, setLikes] = useState(INITIAL_LIKES);
  return (
    <dl className="counters">
      <div className="counter">
        <dt>Comments</dt>
        <dd data-testid="count-comments">{commentTotal ?? loadedTotal}</dd>
      </div>
      <div className="counter">
        <dt>Reviewers</dt>
        <dd data-testid="count-reviewers">{reviewerTotal ?? reviewers.length}</dd>
      </div>
      <div className="counter">
        <dt>Likes</dt>
        <dd>
          <button type="button" className="counter__like" onClick={() => setLikes((n) => n + 1)}>
            <span aria-hidden="true">♥ </span>
            <span className="sr-only">Like, now </span>
            <span data-testid="count-likes">{likes}</span>
          </button>
        </dd>
      </div>
    </dl>
  );
}
