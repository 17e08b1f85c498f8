import { memo, useMemo, type PointerEvent as ReactPointerEvent } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { Pin } from './pin.tsx';

/** A run of one reviewer's pins, numbered on from `first`. */
interface PinGroupProps {
  comments: Comment[];
  first: number;
  authorName: string;
  /** Hidden by the reviewer filter. */
  hidden: boolean;
  /** The selected comment, where it is in this group. */
  selectedId: string | null;
  onSelect: (comment: Comment) => void;
  onPointerDown: (comment: Comment, event: ReactPointerEvent<HTMLButtonElement>) => void;
}

/**
 * One reviewer's pins. The reviewer filter hides whole groups with
 * `content-visibility: hidden`, which keeps their laid-out state: switching reviewers
 * then touches a few dozen group elements and renumbers one reviewer's pins, and going
 * back to everyone is as cheap, however many pins the page has. Hidden pins are out of
 * the accessibility tree and the tab order like any hidden content.
 */
const PinGroup = memo(function PinGroup({
  comments,
  first,
  authorName,
  hidden,
  selectedId,
  onSelect,
  onPointerDown,
}: PinGroupProps) {
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        contentVisibility: hidden ? 'hidden' : 'visible',
      }}
    >
      {comments.map((comment, index) => (
        <Pin
          key={comment.id}
          comment={comment}
          number={first + index}
          authorName={authorName}
          selected={selectedId === comment.id}
          onSelect={onSelect}
          onPointerDown={onPointerDown}
        />
      ))}
    </div>
  );
});

interface Group {
  /** Stable while comments come and go: the reviewer, and which of their runs this is. */
  key: string;
  reviewerId: string;
  comments: Comment[];
  /** The number of the group's first pin among all of the page's pins. */
  firstOfAll: number;
  /** … and among its reviewer's pins. */
  firstOfOwn: number;
}

/** Splits the pins (listed reviewer by reviewer) into runs of one reviewer's. */
function groupByReviewer(comments: Comment[]): { groups: Group[]; groupOf: Map<string, number> } {
  const groups: Group[] = [];
  const groupOf = new Map<string, number>();
  const seen = new Map<string, number>();
  const runs = new Map<string, number>();
  comments.forEach((comment, index) => {
    let group = groups.at(-1);
    if (group?.reviewerId !== comment.reviewerId) {
      const own = seen.get(comment.reviewerId) ?? 0;
      const run = runs.get(comment.reviewerId) ?? 0;
      runs.set(comment.reviewerId, run + 1);
      group = {
        key: `${comment.reviewerId}:${run}`,
        reviewerId: comment.reviewerId,
        comments: [],
        firstOfAll: index + 1,
        firstOfOwn: own + 1,
      };
      groups.push(group);
    }
    group.comments.push(comment);
    seen.set(comment.reviewerId, (seen.get(comment.reviewerId) ?? 0) + 1);
    groupOf.set(comment.id, groups.length - 1);
  });
  return { groups, groupOf };
}

interface PinLayerProps {
  comments: Comment[];
  reviewerId: string | null;
  nameOf: (reviewerId: string) => string;
  selectedId: string | null;
  onSelect: (comment: Comment) => void;
  onPointerDown: (comment: Comment, event: ReactPointerEvent<HTMLButtonElement>) => void;
}

/**
 * The pins, over the image's box, in groups per reviewer. Memoised, so the screen
 * around it re-rendering (a busy flag, a clock tick) does not walk thousands of pins;
 * clicks go through it to the image except on the pins themselves.
 */
export const PinLayer = memo(function PinLayer({
  comments,
  reviewerId,
  nameOf,
  selectedId,
  onSelect,
  onPointerDown,
}: PinLayerProps) {
  const { groups, groupOf } = useMemo(() => groupByReviewer(comments), [comments]);
  const selectedGroup = selectedId === null ? undefined : groupOf.get(selectedId);
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        pointerEvents: 'none',
        // Its own layer: work elsewhere on the screen (scrolling the comment list) then
        // does not make the browser record and re-layer thousands of pins again.
        contain: 'strict',
        willChange: 'transform',
      }}
    >
      {groups.map((group, index) => {
        const hidden = reviewerId !== null && group.reviewerId !== reviewerId;
        return (
          <PinGroup
            key={group.key}
            comments={group.comments}
            // Hidden pins keep their numbers, so showing them again renumbers nothing.
            first={reviewerId === null || hidden ? group.firstOfAll : group.firstOfOwn}
            authorName={nameOf(group.reviewerId)}
            hidden={hidden}
            selectedId={selectedGroup === index ? selectedId : null}
            onSelect={onSelect}
            onPointerDown={onPointerDown}
          />
        );
      })}
    </div>
  );
});
