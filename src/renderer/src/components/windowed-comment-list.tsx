import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
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
import type { CommentSelection } from '../state/review-atoms.ts';

/** How a card is drawn: its comment, its index in the whole list, and, when only part of
 * the list is rendered, what the virtualizer needs to place and measure it. */
export type RenderCard = (comment: Comment, index: number, windowed?: WindowedItem) => ReactNode;

/** A card's place in a windowed list. */
export interface WindowedItem {
  setSize: number;
  /** Lets the virtualizer measure the card's real height as it renders and changes. */
  measure: (element: HTMLElement | null) => void;
}

/** Cards kept rendered above and below the view (about 900 px of cards each way). */
const OVERSCAN = 6;
/** A card's height before it has been measured, in px. */
const ESTIMATE = 150;

const estimateSize = () => ESTIMATE;

/**
 * A card's height from the resize observer, which reports after layout. When a card is
 * first rendered its last known height (or the estimate) stands in until then: reading
 * it at once would force a layout of the whole screen, thousands of pins included.
 */
function measureAfterLayout(
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLElement, HTMLElement>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? ESTIMATE;
}

/** The nearest ancestor that scrolls vertically (the panel). */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const { overflowY } = getComputedStyle(e);
    if (overflowY === 'auto' || overflowY === 'scroll') return e;
  }
  return null;
}

/**
 * A long comment list that renders only the cards in view plus some overscan, with
 * padding standing in for the rest, so thousands of comments cost what a screenful
 * does. Cards keep their numbers and are measured once rendered. When a pin is chosen
 * whose card is not rendered, the list scrolls to it first and the card then reveals
 * itself as it always does.
 */
export function WindowedCommentList({
  comments,
  selection,
  renderCard,
}: {
  comments: Comment[];
  selection: CommentSelection | null;
  renderCard: RenderCard;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [layout, setLayout] = useState({ margin: 0, gap: 0 });

  // Found once, after the first paint (reading positions before it would force a layout
  // of the whole screen, thousands of pins included, ahead of its time): where the list
  // scrolls, how far below the scroller's top it starts (heading, filters), the gap.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const view = scrollParent(list);
    setScroller(view);
    const top = view ? view.getBoundingClientRect().top - view.scrollTop : 0;
    setLayout({
      margin: list.getBoundingClientRect().top - top,
      gap: parseFloat(getComputedStyle(list).rowGap) || 0,
    });
  }, []);

  // Stable while the list is: new ones would make the virtualizer lay out every card again.
  const getItemKey = useCallback((index: number) => comments[index]!.id, [comments]);

  // The virtualizer keeps its own state outside React; this component is not memoised.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count: comments.length,
    getScrollElement: () => scroller,
    // Until the scroller is known, assume it is a window high: the first paint then
    // already shows the first screenful of cards.
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize,
    getItemKey,
    measureElement: measureAfterLayout,
    overscan: OVERSCAN,
    // Scrolling re-renders in React's own time, not inside the scroll event.
    useFlushSync: false,
    scrollMargin: layout.margin,
    gap: layout.gap,
  });

  // A pin chosen on the screenshot: bring its card into the rendered range first. Only
  // when the choice is made: scrolling away from the card later must stay possible.
  const latest = useRef({ comments, virtualizer });
  useLayoutEffect(() => {
    latest.current = { comments, virtualizer };
  });
  useLayoutEffect(() => {
    if (selection?.from !== 'pin') return;
    const { comments: all, virtualizer: v } = latest.current;
    const index = all.findIndex((c) => c.id === selection.id);
    const shown = v.getVirtualItems();
    if (index < 0 || shown.some((item) => item.index === index)) return;
    v.scrollToIndex(index, { align: 'center' });
  }, [selection]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const measure = virtualizer.measureElement;
  // The virtualizer re-renders on every scroll event; the cards change only with the range.
  const from = first?.index ?? 0;
  const to = last?.index ?? -1;
  const cards = useMemo(() => {
    const rendered: ReactNode[] = [];
    for (let index = from; index <= to; index++)
      rendered.push(renderCard(comments[index]!, index, { setSize: comments.length, measure }));
    return rendered;
  }, [from, to, comments, renderCard, measure]);
  return (
    <ol
      ref={listRef}
      className="comment-list"
      style={{
        paddingTop: first ? first.start - layout.margin : 0,
        paddingBottom: last ? virtualizer.getTotalSize() - last.end : 0,
      }}
    >
      {cards}
    </ol>
  );
}
