import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';
import {
  WINDOW_MARGIN,
  WINDOW_SLACK,
  covers,
  sameWindow,
  windowAround,
  type PinWindow,
} from '../components/pin-window.ts';

/** The nearest ancestor that scrolls (the canvas), or null for the page itself. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(e);
    if (/auto|scroll/.test(overflowX) || /auto|scroll/.test(overflowY)) return e;
  }
  return null;
}

/**
 * The part of the image in `imageRef` that gets pins (see `pin-window.ts`), kept up to
 * date as its scroll container scrolls or either of them changes size. It changes only
 * when the view nears the window's edge, so scrolling re-renders the pins now and then,
 * not on every frame. `scale` is the image's zoom, where there is one: a change of it
 * alone (a transform, which no resize observer sees) is measured again too. Null until
 * the image has a size, and while not `enabled` (nothing is watched then).
 */
export function usePinWindow(
  imageRef: RefObject<HTMLElement | null>,
  scale = 1,
  enabled = true,
): PinWindow | null {
  const [window_, setWindow] = useState<PinWindow | null>(null);
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (!image || !enabled) return;
    const scroller = scrollParent(image);
    const view = () =>
      scroller?.getBoundingClientRect() ?? new DOMRect(0, 0, window.innerWidth, window.innerHeight);
    let current: PinWindow | null = null;
    let size = '';
    const update = (force: boolean) => {
      const box = image.getBoundingClientRect();
      const seen = view();
      const needed = windowAround(box, seen, WINDOW_SLACK);
      if (!force && current && needed && covers(current, needed)) return;
      const next = windowAround(box, seen, WINDOW_MARGIN);
      // A resize observer's first report, or a resize that changed neither the image's
      // size nor the part of it in view, changes nothing (pins are drawn in the image's px).
      const nextSize = `${box.width}×${box.height}`;
      if (current && next && sameWindow(current, next) && size === nextSize) return;
      current = next;
      size = nextSize;
      // While scrolling, new pins are drawn in React's own time, in slices, so no task runs long.
      if (force) setWindow(next);
      else startTransition(() => setWindow(next));
    };
    // Measured before the first paint, so the first frame already has its pins.
    update(true);
    let frame = 0;
    let forced = false;
    const later = (force: boolean) => {
      forced ||= force;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update(forced);
        forced = false;
      });
    };
    const onScroll = () => later(false);
    const onResize = () => later(true);
    const target = scroller ?? window;
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    const observer = new ResizeObserver(onResize);
    observer.observe(image);
    if (scroller) observer.observe(scroller);
    return () => {
      cancelAnimationFrame(frame);
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      observer.disconnect();
    };
  }, [imageRef, scale, enabled]);
  return window_;
}
