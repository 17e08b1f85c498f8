import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { commentSelectionAtom, visibleCommentsAtom } from '../state/review-atoms.ts';
import { focusCommentCard, isTyping } from './focus-comment.ts';

/**
 * The review's reading shortcuts: `J` and `K` go to the next and previous comment in the
 * panel's order (selecting its pin and focusing its card), `?` opens the shortcuts. None
 * acts while the user types, holds a modifier (other than Shift for `?`) or a dialog is open.
 */
export function useReviewKeys(openShortcuts: () => void): void {
  const comments = useAtomValue(visibleCommentsAtom);
  const selection = useAtomValue(commentSelectionAtom);
  const setSelection = useSetAtom(commentSelectionAtom);
  // Read when a key is pressed, so the listener is added once.
  const latest = useRef({ comments, selection, openShortcuts });
  useEffect(() => {
    latest.current = { comments, selection, openShortcuts };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const { comments, selection, openShortcuts } = latest.current;
      if (event.key === '?') {
        event.preventDefault();
        openShortcuts();
        return;
      }
      const step =
        event.key === 'j' || event.key === 'J'
          ? 1
          : event.key === 'k' || event.key === 'K'
            ? -1
            : 0;
      if (step === 0 || comments.length === 0) return;
      event.preventDefault();
      const at = selection ? comments.findIndex((c) => c.id === selection.id) : -1;
      // From nothing selected, J starts at the first comment and K at the last.
      const next = at < 0 ? (step > 0 ? 0 : comments.length - 1) : at + step;
      const comment = comments[Math.min(comments.length - 1, Math.max(0, next))];
      if (!comment) return;
      // Selected as from its pin, so the panel scrolls the card into view; then focus it.
      setSelection({ id: comment.id, from: 'pin' });
      focusCommentCard(comment.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSelection]);
}
