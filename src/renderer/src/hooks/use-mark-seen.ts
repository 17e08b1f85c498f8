import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { api } from '../bridge/api.ts';
import { commentsOfPage } from '../state/comment-store.ts';
import { commentStoreAtom } from '../state/review-atoms.ts';
import { hasUnread, pageSeenAtom, resetSeenAtom, unreadByPageAtom } from '../state/unread-atoms.ts';
import type { Run } from './use-action-status.ts';

/** How long a page is shown before what is new on it counts as seen. */
export const SEEN_AFTER_MS = 1500;

/**
 * Marks a design's page seen once it has been shown, its comments loaded, for
 * `SEEN_AFTER_MS`: `comments.markSeen` in main, then the page's unread count goes. The
 * dots on its cards and pins stay while the page is shown, so the user can still tell
 * what is new; they are gone the next time its comments load.
 */
export function useMarkSeen(designId: string, pageId: string | null, run: Run): void {
  const unread = useAtomValue(unreadByPageAtom);
  const store = useAtomValue(commentStoreAtom);
  const markSeen = useSetAtom(pageSeenAtom);
  const reset = useSetAtom(resetSeenAtom);
  useEffect(() => {
    reset();
  }, [designId, reset]);

  const loaded = pageId !== null && store.byPage.has(pageId);
  const unseen =
    pageId !== null &&
    ((unread.get(pageId) ?? 0) > 0 || commentsOfPage(store, pageId).some(hasUnread));
  const due = loaded && unseen ? pageId : null;

  useEffect(() => {
    if (due === null) return;
    const timer = setTimeout(() => {
      void run(async () => {
        await api.comments.markSeen(due);
        markSeen({ designId, pageId: due });
      });
    }, SEEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [due, designId, run, markSeen]);
}
