import { memo, useMemo, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { useDrawnPins } from '../hooks/use-drawn-pins.ts';
import { usePinWindow } from '../hooks/use-pin-window.ts';
import { Pin } from './pin.tsx';

/** A pin that is drawn: its comment and its place in its group. */
interface Shown {
  comment: Comment;
  index: number;
}

/** A run of one reviewer's pins, numbered on from `first`; only those drawn are given. */
interface PinGroupProps {
  shown: Shown[];
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
 * Whether a group would render the same: its drawn pins compared one by one (the list is
 * built afresh whenever any pin comes or goes on the page), everything else as it is. As
 * pins come in a few groups at a time, only those groups render again.
 */
function samePinGroup(a: PinGroupProps, b: PinGroupProps): boolean {
  return (
    a.first === b.first &&
    a.authorName === b.authorName &&
    a.hidden === b.hidden &&
    a.selectedId === b.selectedId &&
    a.onSelect === b.onSelect &&
    a.onPointerDown === b.onPointerDown &&
    a.shown.length === b.shown.length &&
    a.shown.every((s, i) => s.comment === b.shown[i]!.comment && s.index === b.shown[i]!.index)
  );
}

/**
 * One reviewer's pins. The reviewer filter hides whole groups with
 * `content-visibility: hidden`, which keeps their laid-out state: switching reviewers
 * then touches a few dozen group elements and renumbers one reviewer's pins, and going
 * back to everyone is as cheap, however many pins the page has. Hidden pins are out of
 * the accessibility tree and the tab order like any hidden content.
 */
const PinGroup = memo(function PinGroup({
  shown,
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
      {shown.map(({ comment, index }) => (
        <Pin
          key={comment.id}
          comment={comment}
          // Designs number each comment for good; samples by place (SPEC A).
          number={comment.number ?? first + index}
          authorName={authorName}
          selected={selectedId === comment.id}
          onSelect={onSelect}
          onPointerDown={onPointerDown}
        />
      ))}
    </div>
  );
}, samePinGroup);

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

/**
 * Pages with more pins than this draw only those in and near the view; fewer cost little
 * to draw at once, and are then all in the document (as short comment lists are).
 */
export const PINS_WINDOWED_FROM = 60;

/** Each group's pins that `isDrawn`, with their places in the group. */
function shownIn(groups: Group[], isDrawn: (comment: Comment) => boolean): Shown[][] {
  return groups.map((group) => {
    const shown: Shown[] = [];
    group.comments.forEach((comment, index) => {
      if (isDrawn(comment)) shown.push({ comment, index });
    });
    return shown;
  });
}

interface PinLayerProps {
  comments: Comment[];
  /** The image's zoom, where there is one: the drawn part is measured again when it changes. */
  scale?: number;
  /** Every pin, whatever is in view (printing). */
  everyPin?: boolean;
  reviewerId: string | null;
  nameOf: (reviewerId: string) => string;
  selectedId: string | null;
  onSelect: (comment: Comment) => void;
  onPointerDown: (comment: Comment, event: ReactPointerEvent<HTMLButtonElement>) => void;
}

/**
 * The pins, over the image's box, in groups per reviewer. On a page of more than
 * `PINS_WINDOWED_FROM` pins, only those in the part of the image in view, plus a margin,
 * are in the document (see `pin-window.ts`), and the selected one wherever it is: a page
 * of 10,000 comments draws the ones that can be seen (printing draws them all). The
 * comment list is the full, accessible list of them. Memoised, so the screen
 * around it re-rendering (a busy flag, a clock tick) does not walk thousands of pins;
 * clicks go through it to the image except on the pins themselves.
 */
export const PinLayer = memo(function PinLayer({
  comments,
  scale = 1,
  everyPin = false,
  reviewerId,
  nameOf,
  selectedId,
  onSelect,
  onPointerDown,
}: PinLayerProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const windowed = !everyPin && comments.length > PINS_WINDOWED_FROM;
  const view = usePinWindow(layerRef, scale, windowed);
  const { groups, groupOf } = useMemo(() => groupByReviewer(comments), [comments]);
  const drawn = useDrawnPins(comments, windowed ? view : null);
  const shown = useMemo(
    () => shownIn(groups, windowed ? (c) => drawn.has(c.id) : () => true),
    [groups, drawn, windowed],
  );
  const selectedGroup = selectedId === null ? undefined : groupOf.get(selectedId);
  // The selected pin stays drawn when it is out of view, so it can be revealed and dragged.
  const withSelected = (index: number): Shown[] => {
    const list = shown[index]!;
    if (selectedGroup !== index || list.some((s) => s.comment.id === selectedId)) return list;
    const at = groups[index]!.comments.findIndex((c) => c.id === selectedId);
    return [...list, { comment: groups[index]!.comments[at]!, index: at }];
  };
  return (
    <div
      ref={layerRef}
      style={{
        position: 'absolute',
        inset: 0,
        pointerEvents: 'none',
        // Not paint containment: a pin on the image's edge must show whole, outside the box.
        // Nor a layer of its own: without a GPU, compositing a transparent layer the size of
        // the canvas over the image costs every frame more than its paint saves.
        contain: 'size layout style',
      }}
    >
      {groups.map((group, index) => {
        const hidden = reviewerId !== null && group.reviewerId !== reviewerId;
        return (
          <PinGroup
            key={group.key}
            shown={withSelected(index)}
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
