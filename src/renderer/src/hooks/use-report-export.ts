import { useCallback, useState } from 'react';
import type { ReportFormat, ReportFile } from '../../../shared/schemas.ts';
import { api } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
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
 * Offers a file the page holds as a download: a Blob URL and an `<a download>` click.
 * Browsers save it where they save downloads; the desktop app asks where with the
 * system's save dialog (see `allowOwnDownloads` in main).
 */
export function offerDownload(file: ReportFile): void {
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
