import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

interface Offset {
  top: number;
  left: number;
}

/**
 * Each page opens where it was last left, or at its top the first time: the viewport's
 * scroll offset is kept per page while the screen is open. Returns `restore`, to call
 * once the page's image has loaded (before that the box may be too short to scroll to).
 */
export function usePageScroll(
  viewport: RefObject<HTMLDivElement | null>,
  pageId: string,
): { restore: () => void } {
  const offsets = useRef(new Map<string, Offset>());
  // The page whose offset the viewport shows; scroll events before its restore are ignored.
  const shown = useRef<{ pageId: string; restored: boolean } | null>(null);

  useLayoutEffect(() => {
    const view = viewport.current;
    if (!view) return;
    shown.current = { pageId, restored: false };
    const offset = offsets.current.get(pageId) ?? { top: 0, left: 0 };
    view.scrollTo({ top: offset.top, left: offset.left, behavior: 'instant' });
    if (view.scrollTop === offset.top && view.scrollLeft === offset.left)
      shown.current.restored = true;
  }, [viewport, pageId]);

  useEffect(() => {
    const view = viewport.current;
    if (!view) return;
    const save = () => {
      const page = shown.current;
      if (page?.restored)
        offsets.current.set(page.pageId, { top: view.scrollTop, left: view.scrollLeft });
    };
    view.addEventListener('scroll', save, { passive: true });
    return () => view.removeEventListener('scroll', save);
  }, [viewport]);

  return {
    restore: () => {
      const view = viewport.current;
      const page = shown.current;
      if (!view || !page || page.restored) return;
      const offset = offsets.current.get(page.pageId) ?? { top: 0, left: 0 };
      view.scrollTo({ top: offset.top, left: offset.left, behavior: 'instant' });
      page.restored = true;
    },
  };
}
