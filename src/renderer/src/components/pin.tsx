import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { hasUnread } from '../state/unread-atoms.ts';
import './pin.css';

interface PinProps {
  comment: Comment;
  number: number;
  authorName: string;
  selected: boolean;
  /** Stable across renders, so an unchanged pin skips rendering. */
  onSelect: (comment: Comment) => void;
  /** A pointer went down on the pin (a drag may start). Stable across renders. */
  onPointerDown?: PinPress | undefined;
}

/** A pointer went down on `pin`, the element that shows `comment`'s pin. */
export type PinPress = (
  comment: Comment,
  event: ReactPointerEvent<HTMLElement>,
  pin: HTMLElement,
) => void;

/**
 * A numbered pin centred on its comment's x%/y% of the screenshot. Memoised and free of
 * effects: a page can hold thousands, and a filter change re-renders only pins whose
 * number or state changed. Revealing a pin is the screenshot's job.
 */
export const Pin = memo(function Pin({
  comment,
  number,
  authorName,
  selected,
  onSelect,
  onPointerDown,
}: PinProps) {
  const classes = [
    'pin',
    selected && 'pin--selected',
    comment.status === 'resolved' && 'pin--resolved',
  ];
  const unread = hasUnread(comment);
  if (unread) classes.push('pin--unread');
  return (
    <button
      type="button"
      className={classes.filter(Boolean).join(' ')}
      style={{
        left: `${comment.position.x}%`,
        top: `${comment.position.y}%`,
        // Centred by margins (half of the stylesheet's 28 px) rather than the stylesheet's
        // translate: a transform on each of thousands of pins makes the browser re-layer
        // them all on every paint, scrolling the comment list included.
        margin: '-14px 0 0 -14px',
        transform: selected ? 'scale(1.15)' : 'none',
        pointerEvents: 'auto',
      }}
      aria-label={`Comment ${number} by ${authorName}${unread ? ', new' : ''}`}
      aria-pressed={selected}
      data-comment-id={comment.id}
      onClick={(event) => {
        event.stopPropagation();
        onSelect(comment);
      }}
      onPointerDown={
        onPointerDown && ((event) => onPointerDown(comment, event, event.currentTarget))
      }
    >
      {number}
    </button>
  );
});
