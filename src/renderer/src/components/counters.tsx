import { useAtomValue } from 'jotai';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import type { DesignLikes } from '../../../shared/domain.ts';
import { reviewersAtom, totalCommentCountAtom } from '../state/review-atoms.ts';
import './counters.css';

const INITIAL_LIKES = 16;

interface CountersProps {
  /** Overrides the comment total where not every comment is loaded (designs). */
  commentTotal?: number | undefined;
  reviewerTotal?: number | undefined;
  /**
   * A design's real likes, toggled by the local user. Without them (samples) the counter
   * starts at 16 and grows by one a click, kept only as long as the screen (SPEC A2).
   */
  likes?: { value: DesignLikes; toggle: () => void; busy: boolean } | undefined;
}

/** Comments, reviewers and likes. */
export function Counters({ commentTotal, reviewerTotal, likes }: CountersProps) {
  const loadedTotal = useAtomValue(totalCommentCountAtom);
  const reviewers = useAtomValue(reviewersAtom);
  const [sampleLikes, setSampleLikes] = useState(INITIAL_LIKES);
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
          {likes ? (
            <button
              type="button"
              className="counter__like"
              aria-pressed={likes.value.likedByMe}
              disabled={likes.busy}
              title={likes.value.likedByMe ? 'You like this design' : 'Like this design'}
              onClick={likes.toggle}
            >
              <Heart
                size={15}
                aria-hidden
                fill={likes.value.likedByMe ? 'currentColor' : 'none'}
                className="counter__heart"
              />
              <span className="sr-only">Like, now </span>
              <span data-testid="count-likes">{likes.value.count}</span>
            </button>
          ) : (
            <button
              type="button"
              className="counter__like"
              onClick={() => setSampleLikes((n) => n + 1)}
            >
              <Heart size={15} aria-hidden className="counter__heart" />
              <span className="sr-only">Like, now </span>
              <span data-testid="count-likes">{sampleLikes}</span>
            </button>
          )}
        </dd>
      </div>
    </dl>
  );
}
