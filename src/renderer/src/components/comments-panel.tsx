import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { useNow } from '../hooks/use-now.ts';
import {
  commentSelectionAtom,
  reviewerInfoByIdAtom,
  visibleCommentsAtom,
} from '../state/review-atoms.ts';
import { CommentCard } from './comment-card.tsx';
import { WindowedCommentList, type RenderCard } from './windowed-comment-list.tsx';
import './comments-panel.css';

interface CommentsPanelProps {
  /** Filter controls shown under the heading. */
  filters?: ReactNode;
  /** Per-comment actions and replies, where comments can be worked on. */
  renderExtra?: ((comment: Comment, number: number) => ReactNode) | undefined;
}

/** Lists longer than this render only the cards in and near the view. */
export const WINDOWED_FROM = 60;

/** The right panel: `Comments (N)` and a card per visible comment, numbered like the pins. */
export function CommentsPanel({ filters, renderExtra }: CommentsPanelProps) {
  const comments = useAtomValue(visibleCommentsAtom);
  const reviewerOf = useAtomValue(reviewerInfoByIdAtom);
  const [selection, setSelection] = useAtom(commentSelectionAtom);
  const now = useNow();
  const renderCard: RenderCard = (comment, index, windowed) => {
    const author = reviewerOf(comment.reviewerId);
    return (
      <CommentCard
        key={comment.id}
        comment={comment}
        number={index + 1}
        windowed={windowed}
        authorName={author?.name ?? ''}
        authorAvatar={author?.img}
        now={now}
        selected={selection?.id === comment.id}
        reveal={selection?.id === comment.id && selection.from === 'pin'}
        onSelect={() => setSelection({ id: comment.id, from: 'card' })}
      >
        {renderExtra?.(comment, index + 1)}
      </CommentCard>
    );
  };
  return (
    <aside className="comments-panel" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="comments-panel__title">
        Comments ({comments.length})
      </h2>
      {filters}
      {comments.length === 0 ? (
        <p className="empty-note">No comments on this page yet.</p>
      ) : comments.length > WINDOWED_FROM ? (
        <WindowedCommentList comments={comments} selection={selection} renderCard={renderCard} />
      ) : (
        <ol className="comment-list">{comments.map((comment, i) => renderCard(comment, i))}</ol>
      )}
    </aside>
  );
}
