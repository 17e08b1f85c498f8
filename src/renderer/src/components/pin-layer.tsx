import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type { Comment } from '../../../shared/domain.ts';
import { usePinWindow } from '../hooks/use-pin-window.ts';
import { Pin, type PinPress } from './pin.tsx';
import { PinCanvas } from './pin-canvas.tsx';
import { inWindow, type PinWindow } from './pin-window.ts';

/**
 * Pages with more pins than this draw only those in and near the view; fewer cost little
 * to draw at once, and are then all in the document (as short comment lists are).
 */
export const PINS_WINDOWED_FROM = 60;

/**
 * Where more pins than this are near the view (after the reviewer filter), they are drawn
 * as one picture (see `PinCanvas`), with the selected one a button over it; up to it,
 * each is a button of its own.
 */
export const PINS_PAINTED_FROM = 400;

/**
 * Each pin's number: the one a design's comment keeps for good, or else (samples, SPEC A)
 * its place among the pins shown, all of them or the filtered reviewer's.
 */
function pinNumbers(comments: readonly Comment[], reviewerId: string | null): Map<string, number> {
  const numbers = new Map<string, number>();
  let place = 0;
  comments.forEach((comment) => {
    if (reviewerId !== null && comment.reviewerId !== reviewerId) return;
    place++;
    numbers.set(comment.id, comment.number ?? place);
  });
  return numbers;
}

/** What the canvas was last given to draw, and what it was worked out from. */
interface Picture {
  near: readonly Comment[];
  selected: Comment | undefined;
  numbers: ReadonlyMap<string, number>;
  view: PinWindow;
  /** The pins on the canvas: those near the view, but the selected one (a button). */
  pins: readonly Comment[];
}

/**
 * The canvas's pins. Kept while fewer pins are shown as buttons (one reviewer's), and the
 * canvas with them, hidden: going back to everyone with the view, the pins and the
 * selection as they were shows the same picture again, and nothing is drawn.
 */
function useKeptPicture(
  painted: boolean,
  near: readonly Comment[],
  numbers: ReadonlyMap<string, number>,
  view: PinWindow | null,
  selected: Comment | undefined,
): Picture | null {
  const [kept, setKept] = useState<Picture | null>(null);
  if (!painted || !view) return kept;
  if (
    kept?.near === near &&
    kept.selected === selected &&
    kept.numbers === numbers &&
    kept.view === view
  )
    return kept;
  const next = { near, selected, numbers, view, pins: near.filter((c) => c !== selected) };
  // Stored as React allows during render: the render starts again at once with it.
  setKept(next);
  return next;
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
  onPointerDown: PinPress;
}

/**
 * The pins of the reviewer shown (or everyone's), over the image's box. On a page of more
 * than `PINS_WINDOWED_FROM` pins, only those in the part of the image in view, plus a
 * margin, are drawn (see `pin-window.ts`), and the selected one wherever it is; where they
 * are more than `PINS_PAINTED_FROM`, they are drawn on a canvas. Printing draws them all.
 * The comment list is the full, accessible list of them. Memoised, so the screen around
 * it re-rendering (a busy flag, a clock tick) does not walk thousands of pins; clicks go
 * through it to the image except on the pins themselves.
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
  const everyone = useMemo(() => pinNumbers(comments, null), [comments]);
  const numbers = useMemo(
    () => (reviewerId === null ? everyone : pinNumbers(comments, reviewerId)),
    [comments, reviewerId, everyone],
  );
  const shown = useMemo(
    () => (reviewerId === null ? comments : comments.filter((c) => c.reviewerId === reviewerId)),
    [comments, reviewerId],
  );
  const nearAll = useMemo(
    () =>
      !windowed || !view ? [] : comments.filter((c) => inWindow(view, c.position.x, c.position.y)),
    [comments, view, windowed],
  );
  const near = useMemo(
    () =>
      !windowed
        ? shown
        : reviewerId === null
          ? nearAll
          : nearAll.filter((c) => c.reviewerId === reviewerId),
    [windowed, shown, nearAll, reviewerId],
  );
  const painted = view !== null && near.length > PINS_PAINTED_FROM;
  // The selected pin is a button wherever it is, so it can be revealed, focused and dragged.
  const selected = useMemo(
    () => (selectedId === null ? undefined : shown.find((c) => c.id === selectedId)),
    [shown, selectedId],
  );
  const picture = useKeptPicture(painted, near, numbers, view, selected);
  let buttons: readonly Comment[] = painted ? [] : near;
  if (selected && (painted || !near.includes(selected))) buttons = [...buttons, selected];

  // A press on a painted pin selects it, which makes it a button at the same place, and
  // hands that button to the drag as if it had been pressed.
  const press = useCallback(
    (comment: Comment, event: ReactPointerEvent<HTMLCanvasElement>) => {
      flushSync(() => onSelect(comment));
      const pin = layerRef.current?.querySelector<HTMLElement>(
        `.pin[data-comment-id="${CSS.escape(comment.id)}"]`,
      );
      if (!pin) return;
      pin.focus({ preventScroll: true });
      onPointerDown(comment, event, pin);
    },
    [onSelect, onPointerDown],
  );

  return (
    <div
      ref={layerRef}
      data-pin-layer=""
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
      {picture && (
        <PinCanvas
          pins={picture.pins}
          numbers={picture.numbers}
          window={picture.view}
          hidden={!painted}
          onSelect={onSelect}
          onPress={press}
        />
      )}
      {buttons.map((comment) => (
        <Pin
          key={comment.id}
          comment={comment}
          number={numbers.get(comment.id) ?? 0}
          authorName={nameOf(comment.reviewerId)}
          selected={comment.id === selectedId}
          onSelect={onSelect}
          onPointerDown={onPointerDown}
        />
      ))}
    </div>
  );
});
