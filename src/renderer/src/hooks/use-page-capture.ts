import { useSetAtom, useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import type { Page } from '../../../shared/domain.ts';
import type { CaptureRequest } from '../../../shared/schemas.ts';
import { api } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
import { loadPageCommentsAtom, refreshDesignAtom } from '../state/review-loading.ts';
import { pagesAtom, selectedPageIdAtom } from '../state/review-atoms.ts';

/** A capture under way, as main reports it. */
export interface CaptureProgress {
  done: number;
  total: number;
  detail: string;
}

/** What the dialog asks for; the design and the task id are added here. */
export type CaptureInput = Omit<CaptureRequest, 'designId' | 'taskId'>;

/**
 * Runs one capture at a time into a design and follows it through `progress:update`
 * events under its own task id. The pages it brings are put in the list (a re-captured
 * page in its place, with its moved comments loaded again) and the first is shown.
 * Resolves to true when pages were stored; an error (cancelled included) is kept to show.
 */
export function usePageCapture(designId: string) {
  const store = useStore();
  const setPages = useSetAtom(pagesAtom);
  const selectPage = useSetAtom(selectedPageIdAtom);
  const loadPage = useSetAtom(loadPageCommentsAtom);
  const refresh = useSetAtom(refreshDesignAtom);
  const [progress, setProgress] = useState<CaptureProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const task = useRef<string | null>(null);

  const take = useCallback(
    (captured: Page[]) => {
      const list = store.get(pagesAtom);
      const known = new Set(list.map((p) => p.id));
      const fresh = new Map(captured.map((p) => [p.id, p]));
      setPages([
        ...list.map((p) => fresh.get(p.id) ?? p),
        ...captured.filter((p) => !known.has(p.id)),
      ]);
      const shown = store.get(selectedPageIdAtom);
      if (shown && known.has(shown) && fresh.has(shown)) {
        void loadPage({ source: api, pageId: shown });
      }
      if (captured[0]) selectPage(captured[0].id);
      void refresh(api);
    },
    [store, setPages, selectPage, loadPage, refresh],
  );

  const start = useCallback(
    async (input: CaptureInput): Promise<boolean> => {
      if (task.current) return false;
      const taskId = crypto.randomUUID();
      task.current = taskId;
      setError(null);
      setProgress({ done: 0, total: 1, detail: 'Starting' });
      const stop = onEvent('progress:update', (update) => {
        if (update.taskId !== taskId || update.finished) return;
        setProgress({ done: update.done, total: update.total, detail: update.detail ?? '' });
      });
      try {
        take(await api.pages.capture({ ...input, designId, taskId }));
        return true;
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        return false;
      } finally {
        stop();
        task.current = null;
        setProgress(null);
      }
    },
    [designId, take],
  );

  const cancel = useCallback(() => {
    if (task.current) void api.pages.cancelCapture(task.current).catch(() => {});
  }, []);

  return { start, cancel, progress, error, clearError: () => setError(null) };
}
