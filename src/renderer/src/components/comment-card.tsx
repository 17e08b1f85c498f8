import { useEffect, useRef, type ReactNode } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { timeSince } from '../../../shared/relative-time.ts';
import { motion } from '../motion.ts';
import { hasUnread } from '../state/unread-atoms.ts';
import { Avatar } from './avatar.tsx';
import { ClampedText } from './clamped-text.tsx';
import type { WindowedItem } from './windowed-comment-list.tsx';
import './comment-card.css';

interface CommentCardProps {
  comment: Comment;
  number: number;
  /** Where only part of the list is rendered: its length, and the card's measuring. */
  windowed?: WindowedItem | undefined;
  authorName: string;
  authorAvatar: string | undefined;
  now: number;
  selected: boolean;
  /** Scroll the card into view (when its pin was chosen). */
  reveal: boolean;
  onSelect: () => void;
  /** Actions and replies, where the comment can be worked on. */
  children?: ReactNode;
}

/** A comment: who, when, its number and tag, what they said. */
export function CommentCard(props: CommentCardProps) {
  const { comment, number, windowed, authorName, authorAvatar, now, selected, reveal, onSelect } =
    props;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView({ block: 'nearest', behavior: motion() });
  }, [reveal]);
  const classes = [
    'comment-card',
    selected && 'comment-card--selected',
    comment.status === 'resolved' && 'comment-card--resolved',
  ];
  const unread = hasUnread(comment);
  return (
    <li
      {...(windowed && {
        'aria-setsize': windowed.setSize,
        'aria-posinset': windowed.index + 1,
        'data-index': windowed.index,
        ref: windowed.measure,
      })}
    >
      {/* A card is focusable and clickable so it can reveal its pin; its own buttons stay separate. */}
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <article
        ref={ref}
        className={classes.filter(Boolean).join(' ')}
        aria-labelledby={`comment-${comment.id}-title`}
        data-comment-id={comment.id}
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onClick={(event) => {
          if (!(event.target as HTMLElement).closest('button, textarea, select, input, a'))
            onSelect();
        }}
        onFocus={(event) => {
          if (event.target === event.currentTarget) onSelect();
        }}
      >
        <header className="comment-card__head">
          <Avatar src={authorAvatar} alt="" size={32} />
          <div className="comment-card__who">
            <span
              className="comment-card__name"
              id={`comment-${comment.id}-title`}
              title={authorName}
            >
              {authorName}
            </span>
            <span className="comment-card__time">
              <time dateTime={comment.created_at}>{timeSince(comment.created_at, now)}</time>
              {comment.editedAt && (
                <>
                  {' · '}
                  <time
                    className="comment-card__edited"
                    dateTime={comment.editedAt}
                    title={`Edited ${new Date(comment.editedAt).toLocaleString()}`}
                  >
                    edited
                    <span className="sr-only"> {timeSince(comment.editedAt, now)}</span>
                  </time>
                </>
              )}
            </span>
          </div>
          {unread && (
            <span className="unread-dot" title={comment.unread ? 'New comment' : 'New reply'}>
              <span className="sr-only">{comment.unread ? 'New comment' : 'New reply'}</span>
            </span>
          )}
          <span className="badge">
            {number} · {comment.tag}
          </span>
        </header>
        {comment.status === 'resolved' && <p className="comment-card__status">Resolved</p>}
        {comment.anchorGone && (
          <p className="comment-card__note">Its element is no longer on the page</p>
        )}
        <ClampedText text={comment.contents} className="comment-card__contents" />
        {props.children}
      </article>
    </li>
  );
}
