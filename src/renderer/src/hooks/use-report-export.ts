import { useCallback, useState } from 'react';
import type { ReportFormat } from '../../../shared/schemas.ts';
import { api } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
import { offerDownload } from '../bridge/save-file.ts';
import type { ReportFilters } from '../state/report-filters.ts';

/** What the user asked for in the dialog. */
export interface ReportChoice {
  designId: string;
  format: ReportFormat;
  /** The chosen pages; absent for every page. */
  pageIds?: string[];
  filters?: ReportFilters;
}

/** How far an export is, from main's progress events. */
export interface ReportProgress {
  done: number;
  total: number;
  detail?: string;
}

/**
 * Exports a report over the bridge and offers the file: busy while it runs, its
 * progress from main's events, and the error of the last attempt. Resolves to whether
 * a file was offered.
 */
export function useReportExport() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const run = useCallback(async (choice: ReportChoice): Promise<boolean> => {
    const taskId = `report-${crypto.randomUUID()}`;
    setBusy(true);
    setError(null);
    setProgress(null);
    const stop = onEvent('progress:update', (update) => {
      if (update.taskId !== taskId) return;
      setProgress({
        done: update.done,
        total: update.total,
        ...(update.detail !== undefined && { detail: update.detail }),
      });
    });
    try {
      offerDownload(await api.reports.export({ ...choice, taskId }));
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      stop();
      setBusy(false);
      setProgress(null);
    }
  }, []);
  return { run, busy, error, progress, clearError: () => setError(null) };
}
