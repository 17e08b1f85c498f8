import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';
import type { ReportFile, ReportRequest } from '../../shared/schemas.ts';
import type { EventHub } from '../events.ts';
import { taskProgress, type TaskProgress } from '../progress.ts';
import type { ImageStore } from '../store/index.ts';
import { buildReportModel } from './build-model.ts';
import { renderReport, type PdfPrinter } from './export-report.ts';

/** What an export needs from the host besides the data. */
export interface ExportDeps {
  /** The host's Chromium; without one, PDF reports are refused. */
  printPdf?: PdfPrinter;
  /** Where `progress:update` events go when the request names a task. */
  hub: EventHub;
  now?: Date;
}

const LABEL = 'Exporting the report';

/**
 * The `reports.export` call: reads the chosen pages and the comments the filters let
 * through, renders them in the asked format and hands back the file. With a `taskId`
 * it reports each page read and each page laid out, then the printing, as progress
 * events; the last event is always sent, whether the export worked or not.
 */
export async function exportReport(
  db: DatabaseSync,
  images: ImageStore,
  request: ReportRequest,
  deps: ExportDeps,
): Promise<ReportFile> {
  const { format, taskId } = request;
  let progress: TaskProgress | undefined;
  // Created once the number of pages is known: each is read, then laid out; then printed.
  const start = (pages: number) => {
    if (!taskId || progress) return;
    const steps = pages * (format === 'csv' ? 1 : 2) + (format === 'pdf' ? 1 : 0);
    progress = taskProgress(deps.hub, { taskId, label: LABEL, total: steps });
  };
  try {
    const model = await buildReportModel(db, images, request, deps.now, (done, total, name) => {
      start(total);
      progress?.update(done, `${name}: read`);
    });
    const pages = model.pages.length;
    start(pages);
    if (format === 'pdf' && !deps.printPdf) {
      throw new CritError('conflict', 'PDF reports cannot be printed here: no printer is set up.');
    }
    const print = deps.printPdf ?? (() => Promise.reject(new Error('No PDF printer.')));
    const file = await renderReport(
      model,
      format,
      (html) => {
        progress?.update(pages * 2, 'printing the PDF');
        return print(html);
      },
      (done, name) => progress?.update(pages + done, `${name}: laid out`),
    );
    progress?.finish(`${file.fileName}: ready`);
    return file;
  } catch (error) {
    progress?.finish('failed');
    throw error;
  }
}
