import { useAtom, useAtomValue } from 'jotai';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Comment, Page } from '../../../shared/domain.ts';
import { mediaUrl } from '../bridge/media-url.ts';
import { usePageScroll } from '../hooks/use-page-scroll.ts';
import { useZoom } from '../hooks/use-zoom.ts';
import {
  commentSelectionAtom,
  pageCommentsAtom,
  reviewerNameByIdAtom,
  selectedReviewerIdAtom,
} from '../state/review-atoms.ts';
import { motion } from '../motion.ts';
import type { PinPress } from './pin.tsx';
import { PinLayer } from './pin-layer.tsx';
import { ScreenshotPlaceholder, useImageLoaded } from './screenshot-placeholder.tsx';
import { ZoomControl } from './zoom-control.tsx';
import './screenshot.css';

/** A point on the screenshot in percent of its width and height. */
export interface PercentPoint {
  x: number;
  y: number;
}

interface ScreenshotProps {
  page: Page;
  /** Comment mode: a click on the image drops a pin here. */
  onPlace?: ((point: PercentPoint) => void) | undefined;
  /** Pins that may be dragged (the user's own, in designs). */
  canMove?: ((comment: Comment) => boolean) | undefined;
  onMove?: ((comment: Comment, point: PercentPoint) => void) | undefined;
  /** Overlays drawn in the image's coordinate box (the composer). */
  children?: ReactNode;
  /** Draws every pin, not only those in view: paper shows the whole page. */
  everyPin?: boolean;
}

/** Converts a pointer position to percent of `box`, clamped to 0–100 with two decimals. */
export function toPercent(clientX: number, clientY: number, box: DOMRect): PercentPoint {
  const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v * 100) / 100));
  return {
    x: clamp(((clientX - box.left) / box.width) * 100),
    y: clamp(((clientY - box.top) / box.height) * 100),
  };
}

/**
 * The selected page's image with a numbered pin for every visible comment, in its own
 * scrolling viewport (the image box's parent), zoomable, with the zoom control over it.
 */
export function Screenshot({
  page,
  onPlace,
  canMove,
  onMove,
  children,
  everyPin = false,
}: ScreenshotProps) {
  const comments = useAtomValue(pageCommentsAtom);
  const reviewerId = useAtomValue(selectedReviewerIdAtom);
  const nameOf = useAtomValue(reviewerNameByIdAtom);
  const [selection, setSelection] = useAtom(commentSelectionAtom);
  const frameRef = useRef<HTMLDivElement>(null);
  const image = useImageLoaded(page.img);
  const viewportRef = useRef<HTMLDivElement>(null);
  // The screenshot's own width: known up front for designs, read from the image for samples.
  const [measured, setMeasured] = useState<{ pageId: string; width: number } | null>(null);
  const naturalWidth = page.width ?? (measured?.pageId === page.id ? measured.width : null) ?? null;
  const zoom = useZoom({ viewport: viewportRef, frame: frameRef, naturalWidth });
  const scroll = usePageScroll(viewportRef, page.id);
  const sized = !zoom.zoom.fit && naturalWidth !== null;

  const select = useCallback(
    (comment: Comment) => setSelection({ id: comment.id, from: 'pin' }),
    [setSelection],
  );

  // Chosen from its card: bring the pin into view.
  useEffect(() => {
    if (selection?.from !== 'card') return;
    const pin = frameRef.current?.querySelector(
      `.pin[data-comment-id="${CSS.escape(selection.id)}"]`,
    );
    pin?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: motion() });
  }, [selection]);

  // Read at drag time, so the drag handler can stay the same function for every pin.
  const moveRef = useRef({ canMove, onMove });
  useLayoutEffect(() => {
    moveRef.current = { canMove, onMove };
  });

  const place = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // Not on a pin or a form; nor a click that began on a painted pin and ended on the
    // button it became, which goes to the pin layer itself.
    if (!onPlace || target.closest('button, form') || target.hasAttribute('data-pin-layer')) return;
    onPlace(toPercent(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect()));
  };
  // Keyboard path for comment mode: Enter drops the pin in the middle of what is in view.
  const placeByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onPlace || event.target !== event.currentTarget || event.key !== 'Enter') return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const view = viewportRef.current?.getBoundingClientRect() ?? box;
    const left = Math.max(box.left, view.left);
    const right = Math.min(box.right, view.right);
    const top = Math.max(box.top, view.top);
    const bottom = Math.min(box.bottom, view.bottom);
    onPlace(toPercent((left + right) / 2, (top + bottom) / 2, box));
  };

  const dragStart = useCallback<PinPress>((comment, event, pin) => {
    const frame = pin.parentElement;
    const { canMove: mayMove, onMove } = moveRef.current;
    if (!frame || !onMove || !mayMove?.(comment) || event.button !== 0) return;
    // No text selection or native drag may start, or the browser cancels the pointer.
    event.preventDefault();
    const startX = event.clientX;
    const startY = event.clientY;
    let moved = false;
    const move = (e: PointerEvent) => {
      if (!moved && Math.hypot(e.clientX - startX, e.clientY - startY) < 4) return;
      moved = true;
      const p = toPercent(e.clientX, e.clientY, frame.getBoundingClientRect());
      pin.style.left = `${p.x}%`;
      pin.style.top = `${p.y}%`;
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
    const up = (e: PointerEvent) => {
      stop();
      if (moved) onMove(comment, toPercent(e.clientX, e.clientY, frame.getBoundingClientRect()));
    };
    const cancel = () => {
      stop();
      pin.style.left = `${comment.position.x}%`;
      pin.style.top = `${comment.position.y}%`;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
  }, []);

  return (
    <>
      <div ref={viewportRef} className="screenshot-viewport" data-testid="screenshot-viewport">
        {/* In comment mode the image is focusable and Enter places a pin (see placeByKey). */}
        {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div
          ref={frameRef}
          className={onPlace ? 'screenshot screenshot--placing' : 'screenshot'}
          style={sized ? { width: naturalWidth * zoom.zoom.scale, maxWidth: 'none' } : undefined}
          data-testid="screenshot"
          // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={onPlace ? 0 : undefined}
          aria-label={
            onPlace ? 'Screenshot: click a spot to comment on it, or press Enter' : undefined
          }
          onClick={place}
          onKeyDown={placeByKey}
        >
          {!image.loaded && <ScreenshotPlaceholder width={page.width} height={page.height} />}
          <img
            className={
              image.loaded ? 'screenshot__image' : 'screenshot__image screenshot__image--loading'
            }
            src={mediaUrl(page.img)}
            alt={`Screenshot of page ${page.name}`}
            // Its size before it loads: the pins in view are known (and drawn) at once.
            width={page.width}
            height={page.height}
            draggable={false}
            decoding="async"
            style={
              page.width && page.height ? { aspectRatio: `${page.width} / ${page.height}` } : {}
            }
            onError={image.onError}
            onLoad={(event) => {
              image.onLoad();
              const width = event.currentTarget.naturalWidth;
              if (width > 0) setMeasured({ pageId: page.id, width });
              scroll.restore();
            }}
          />
          {comments.length > 0 && (
            <PinLayer
              // A new layer per page: thousands of pins arriving together are then built
              // into a fresh element at once, not inserted one by one among old siblings.
              key={page.id}
              comments={comments}
              scale={zoom.zoom.scale}
              everyPin={everyPin}
              reviewerId={reviewerId}
              nameOf={nameOf}
              selectedId={selection?.id ?? null}
              onSelect={select}
              onPointerDown={dragStart}
            />
          )}
          {children}
        </div>
      </div>
      {naturalWidth !== null && <ZoomControl handle={zoom} />}
    </>
  );
}
