import { useLayoutEffect, useRef, useState } from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { inWindow, viewOf, type PinWindow } from '../components/pin-window.ts';

/**
 * New pins drawn per frame once the first screenful is up: each costs style, layout and
 * paint, and a fast scroll over a crowded page brings hundreds into the window at once.
 */
export const NEW_PINS_PER_FRAME = 120;

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the pins to draw: those of `comments` inside `view`. The first time, every
 * pin in the part in view at once (the first paint shows them all), and the margin's in
 * the frames after; from then on, pins leaving the window go at once and new ones come
 * `NEW_PINS_PER_FRAME` a frame, nearest the middle of the view first, so no frame runs
 * long however far the view moved.
 */
export function useDrawnPins(comments: Comment[], view: PinWindow | null): ReadonlySet<string> {
  const [drawn, setDrawn] = useState(NONE);
  const current = useRef(NONE);
  useLayoutEffect(() => {
    if (!view) return;
    const target = comments.filter((c) => inWindow(view, c.position.x, c.position.y));
    const middleX = (view.left + view.right) / 2;
    const middleY = (view.top + view.bottom) / 2;
    const distance = (c: Comment) =>
      Math.abs(c.position.y - middleY) + Math.abs(c.position.x - middleX) / 10;
    let frame = 0;
    const step = () => {
      const before = current.current;
      const next = new Set<string>();
      const missing: Comment[] = [];
      for (const c of target) {
        if (before.has(c.id)) next.add(c.id);
        else missing.push(c);
      }
      let adding: Comment[];
      if (before.size === 0) {
        const seen = viewOf(view);
        adding = missing.filter((c) => inWindow(seen, c.position.x, c.position.y));
        // A view with no pin in it still draws the margin's, a frame's worth at a time.
        if (adding.length === 0) adding = missing.slice(0, NEW_PINS_PER_FRAME);
      } else if (missing.length <= NEW_PINS_PER_FRAME) {
        adding = missing;
      } else {
        adding = missing.sort((a, b) => distance(a) - distance(b)).slice(0, NEW_PINS_PER_FRAME);
      }
      for (const c of adding) next.add(c.id);
      const all = adding.length === missing.length;
      current.current = next;
      setDrawn(next);
      if (!all) frame = requestAnimationFrame(step);
    };
    step();
    return () => cancelAnimationFrame(frame);
  }, [comments, view]);
  return drawn;
}
