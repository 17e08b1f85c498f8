import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { api } from '../bridge/api.ts';
import { openingSource } from '../bridge/prefetch.ts';
import { designAtom } from '../state/design-atoms.ts';
import {
  loadPageCommentsAtom,
  openDesignAtom,
  refreshDesignAtom,
} from '../state/review-loading.ts';
import { selectedPageIdAtom } from '../state/review-atoms.ts';
import type { Run } from './use-action-status.ts';

/**
 * Opens a design into the review state and keeps it current: its pages and reviewers
 * when it opens, the selected page's comments whenever the page changes (only the
 * shown page's comments are ever asked for). Late answers never overwrite newer state
 * (see `review-loading.ts`).
 */
export function useOpenDesign(id: string, run: Run, runPageLoad: Run) {
  const design = useAtomValue(designAtom);
  const open = useSetAtom(openDesignAtom);
  const refresh = useSetAtom(refreshDesignAtom);
  const loadPage = useSetAtom(loadPageCommentsAtom);
  const pageId = useAtomValue(selectedPageIdAtom);

  useEffect(() => {
    void run(() => open({ source: openingSource, id }));
  }, [id, run, open]);

  // Only once this design is open: until then the page selected is the last review's.
  const isOpen = design?.id === id;
  useEffect(() => {
    if (pageId && isOpen) void runPageLoad(() => loadPage({ source: openingSource, pageId }));
  }, [pageId, isOpen, runPageLoad, loadPage]);

  /** Counts and reviewers come from main again; loaded comments stay. */
  const refreshDesign = useCallback(() => refresh(api), [refresh]);

  return { design, refreshDesign };
}
