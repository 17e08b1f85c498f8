import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Comment } from '../../../shared/domain.ts';

interface PinProps {
  comment: Comment;
  number: number;
  authorName: string;
  selected: boolean;
  /** Scroll the pin into view (when its card was chosen). */
  reveal: boolean;
  onSelect: () => void;
  /** Starts a drag; only where pins may be moved. */
  onDragStart?: ((event: ReactPointerEvent<HTMLButtonElement>) => void) | undefined;
}

/** A numbered pin centred on its comment's x%/y% of the screenshot. */
export function Pin({
  comment,
  number,
  authorName,
  selected,
  reveal,
  onSelect,
  onDragStart,
}: PinProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (reveal)
      ref.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  }, [reveal]);
  const classes = [
    'pin',
    selected && 'pin--selected',
    comment.status === 'resolved' && 'pin--resolved',
  ];
  return (
    <button
      ref={ref}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      style={{ left: `${comment.position.x}%`, top: `${comment.position.y}%` }}
      aria-label={`Comment ${number} by ${authorName}`}
      aria-pressed={selected}
      data-comment-id={comment.id}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
      onPointerDown={onDragStart}
    >
      {number}
    </button>
  );
}
