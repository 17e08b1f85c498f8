import { useAtom, useAtomValue } from 'jotai';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { useNow } from '../hooks/use-now.ts';
import {
  commentSelectionAtom,
  reviewerByIdAtom,
  visibleCommentsAtom,
  type CommentSelection,
} from '../state/review-atoms.ts';
import { CommentCard } from './comment-card.tsx';

interface CommentsPanelProps {
  /** Filter controls shown under the heading. */
  filters?: ReactNode;
  /** Per-comment actions and replies, where comments can be worked on. */
  renderExtra?: ((comment: Comment, number: number) => ReactNode) | undefined;
}

/** Lists longer than this render only the cards in and near the view (see WindowedList). */
export const WINDOWED_FROM = 60;
/** How far above and below the view cards are kept rendered, in px. */
const OVERSCAN = 900;
/** A card's height before it has been measured, in px, until some have been. */
const FIRST_ESTIMATE = 150;

type RenderCard = (comment: Comment, index: number, setSize?: number) => ReactNode;

/** The right panel: `Comments (N)` and a card per visible comment, numbered like the pins. */
export function CommentsPanel({ filters, renderExtra }: CommentsPanelProps) {
  const comments = useAtomValue(visibleCommentsAtom);
  const reviewerOf = useAtomValue(reviewerByIdAtom);
  const [selection, setSelection] = useAtom(commentSelectionAtom);
  const now = useNow();
  const renderCard: RenderCard = (comment, index, setSize) => {
    const author = reviewerOf(comment.reviewerId);
    return (
      <CommentCard
        key={comment.id}
        comment={comment}
        number={index + 1}
        setSize={setSize}
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
        <WindowedList comments={comments} selection={selection} renderCard={renderCard} />
      ) : (
        <ol className="comment-list">{comments.map((comment, i) => renderCard(comment, i))}</ol>
      )}
    </aside>
  );
}

/** The nearest ancestor that scrolls vertically (the panel), or null for the page. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const { overflowY } = getComputedStyle(e);
    if (overflowY === 'auto' || overflowY === 'scroll') return e;
  }
  return null;
}

/** The first index whose card ends below `y`, by binary search over the card tops. */
function indexAt(tops: Float64Array, count: number, y: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (tops[mid + 1]! <= y) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Range {
  start: number;
  end: number;
}

/**
 * A long comment list that renders only the cards in view plus some overscan, with
 * padding standing in for the rest, so thousands of comments cost what a screenful
 * does. Cards keep their numbers, and each is measured once rendered. When a pin is
 * chosen whose card is not rendered, the list scrolls to it first and the card then
 * reveals itself as it always does.
 */
function WindowedList({
  comments,
  selection,
  renderCard,
}: {
  comments: Comment[];
  selection: CommentSelection | null;
  renderCard: RenderCard;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // Found once: asking for computed styles on every scroll would force style work.
  const scrollerRef = useRef<HTMLElement | null | undefined>(undefined);
  const scroller = useCallback(() => {
    if (scrollerRef.current === undefined && listRef.current)
      scrollerRef.current = scrollParent(listRef.current);
    return scrollerRef.current ?? null;
  }, []);
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [range, setRange] = useState<Range>({ start: 0, end: 20 });
  const gapRef = useRef(10);

  // tops[i] is where card i starts below the list's top; tops[n] is past the last gap.
  const tops = useMemo(() => {
    const gap = gapRef.current;
    const known = heights.current;
    let sum = 0;
    for (const h of known.values()) sum += h;
    const estimate = known.size > 0 ? sum / known.size : FIRST_ESTIMATE;
    const result = new Float64Array(comments.length + 1);
    for (let i = 0; i < comments.length; i++) {
      result[i + 1] = result[i]! + (known.get(comments[i]!.id) ?? estimate) + gap;
    }
    return result;
    // `measured` counts measurements: the heights map changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [comments, measured]);

  const rangeNow = useCallback((): Range | null => {
    const list = listRef.current;
    if (!list) return null;
    const view = scroller();
    const listTop = list.getBoundingClientRect().top;
    const viewTop = view ? view.getBoundingClientRect().top : 0;
    const viewHeight = view ? view.clientHeight : window.innerHeight;
    const from = viewTop - listTop - OVERSCAN;
    const to = viewTop - listTop + viewHeight + OVERSCAN;
    const count = comments.length;
    const start = Math.min(indexAt(tops, count, from), Math.max(0, count - 1));
    const end = Math.max(start + 1, Math.min(count, indexAt(tops, count, to) + 1));
    return { start, end };
  }, [comments, tops, scroller]);

  const update = useCallback(() => {
    const next = rangeNow();
    if (next) setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, [rangeNow]);

  // Follow the scroll position, at most once a frame.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    gapRef.current = parseFloat(getComputedStyle(list).rowGap) || 0;
    const target: HTMLElement | Window = scroller() ?? window;
    let frame = 0;
    const onScroll = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [update, scroller]);

  // The list or the measurements changed: the range follows once the frame is painted.
  // Reading positions then costs nothing, where before the paint it would force a layout
  // of the whole screen (thousands of pins included) ahead of its time.
  useEffect(update, [update]);

  const start = Math.min(range.start, comments.length - 1);
  const end = Math.min(Math.max(range.end, start + 1), comments.length);

  // Measure what was rendered, after the paint for the same reason; a changed height
  // moves the cards after it.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let changed = 0;
    Array.from(list.children).forEach((child, k) => {
      const comment = comments[start + k];
      if (!comment) return;
      const height = (child as HTMLElement).getBoundingClientRect().height;
      if (Math.abs((heights.current.get(comment.id) ?? -1) - height) > 0.5) {
        heights.current.set(comment.id, height);
        changed++;
      }
    });
    if (changed) setMeasured((m) => m + changed);
  }, [comments, start, end, measured]);

  // A pin chosen on the screenshot: scroll its card into the rendered range first. Only
  // when the choice is made: scrolling away from the card later must stay possible.
  const latest = useRef({ comments, tops, start, end, update });
  useLayoutEffect(() => {
    latest.current = { comments, tops, start, end, update };
  });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || selection?.from !== 'pin') return;
    const { comments: all, tops: at, start: first, end: last, update: follow } = latest.current;
    const index = all.findIndex((c) => c.id === selection.id);
    if (index < 0 || (index >= first && index < last)) return;
    const view = scroller();
    const listTop = list.getBoundingClientRect().top - (view?.getBoundingClientRect().top ?? 0);
    const top = (view?.scrollTop ?? window.scrollY) + listTop + at[index]!;
    const viewHeight = view?.clientHeight ?? window.innerHeight;
    const y = Math.max(0, top - viewHeight / 3);
    if (view) view.scrollTop = y;
    else window.scrollTo(0, y);
    follow();
  }, [selection, scroller]);

  return (
    <ol
      ref={listRef}
      className="comment-list"
      style={{
        paddingTop: tops[start],
        paddingBottom: tops[comments.length]! - tops[end]!,
      }}
    >
      {comments
        .slice(start, end)
        .map((comment, k) => renderCard(comment, start + k, comments.length))}
    </ol>
  );
}
