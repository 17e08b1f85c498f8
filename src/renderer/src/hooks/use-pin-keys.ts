import { useAtomValue } from 'jotai';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Comment, Page } from '../../../shared/domain.ts';
import { commentStoreAtom } from '../state/review-atoms.ts';

/** Pixels of the image one arrow press moves a pin, and with Shift. */
export const PIN_STEP_PX = 4;
export const PIN_BIG_STEP_PX = 40;
// Pages without known dimensions move by percent.
const FALLBACK_STEP = 0.5;
const FALLBACK_BIG_STEP = 5;
const SAVE_AFTER_MS = 400;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v * 100) / 100));

/** Where an arrow press moves a pin at `position` on `page`, in percent. */
export function steppedPosition(
  position: { x: number; y: number },
  page: Pick<Page, 'width' | 'height'>,
  key: string,
  big: boolean,
): { x: number; y: number } | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const px = big ? PIN_BIG_STEP_PX : PIN_STEP_PX;
  const dx = page.width ? (px / page.width) * 100 : big ? FALLBACK_BIG_STEP : FALLBACK_STEP;
  const dy = page.height ? (px / page.height) * 100 : big ? FALLBACK_BIG_STEP : FALLBACK_STEP;
  return { x: clamp(position.x + direction[0] * dx), y: clamp(position.y + direction[1] * dy) };
}

interface PinKeysOptions {
  page: Page | null;
  canMove: (comment: Comment) => boolean;
  /** Shows the pin at its new place at once (nothing saved yet). */
  preview: (comment: Comment) => void;
  /** Saves the pin's place; called once the presses pause. */
  save: (comment: Comment, point: { x: number; y: number }) => void;
}

/**
 * Arrow keys move a focused pin of the user's own (Shift for larger steps). Each press
 * shows at once; the place is saved once the presses pause, so holding a key sends one
 * move, not dozens. Handles key presses bubbling from any pin inside the element it is
 * attached to.
 */
export function usePinKeys({ page, canMove, preview, save }: PinKeysOptions) {
  const store = useAtomValue(commentStoreAtom);
  const pending = useRef<{ comment: Comment; timer: number } | null>(null);
  const latest = useRef({ store, save });
  useEffect(() => {
    latest.current = { store, save };
  });
  // A move waiting to be saved is saved when the screen goes.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (!waiting) return;
      window.clearTimeout(waiting.timer);
      latest.current.save(waiting.comment, waiting.comment.position);
    },
    [],
  );

  return (event: KeyboardEvent<HTMLElement>) => {
    if (!page || !(event.key in ARROWS) || event.ctrlKey || event.metaKey || event.altKey) return;
    const pin = (event.target as HTMLElement).closest<HTMLElement>('.pin[data-comment-id]');
    const comment = pin && latest.current.store.byId.get(pin.dataset.commentId ?? '');
    if (!comment || !canMove(comment)) return;
    event.preventDefault();
    const point = steppedPosition(comment.position, page, event.key, event.shiftKey);
    if (!point) return;
    const moved = { ...comment, position: { ...comment.position, ...point } };
    preview(moved);
    if (pending.current) window.clearTimeout(pending.current.timer);
    pending.current = {
      comment: moved,
      timer: window.setTimeout(() => {
        pending.current = null;
        latest.current.save(moved, point);
      }, SAVE_AFTER_MS),
    };
  };
}
