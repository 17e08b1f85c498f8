import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import type { ReportFormat } from '../../../shared/schemas.ts';
import { useReportExport } from '../hooks/use-report-export.ts';
import { workspaceFiltersAtom } from '../state/report-filters.ts';
import { pagesAtom, selectedPageIdAtom } from '../state/review-atoms.ts';
import { Dialog } from './dialog.tsx';
import { ErrorNote } from './error-note.tsx';
import './report-dialog.css';

const FORMATS: { value: ReportFormat; label: string; hint: string }[] = [
  { value: 'pdf', label: 'PDF', hint: 'screenshots with pins, then the comments' },
  { value: 'html', label: 'HTML', hint: 'the same, as one self-contained page' },
  { value: 'csv', label: 'CSV', hint: 'one row per comment, for issue trackers' },
  { value: 'markdown', label: 'Markdown', hint: 'a zip of report.md and its images' },
];

interface ReportDialogProps {
  designId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * "Export report": a format, all pages or chosen ones, and whether to keep only what
 * the workspace's filters show; Export saves the file. Busy and errors show here.
 */
export function ReportDialog({ designId, open, onClose }: ReportDialogProps) {
  const pages = useAtomValue(pagesAtom);
  const currentPageId = useAtomValue(selectedPageIdAtom);
  const workspace = useAtomValue(workspaceFiltersAtom);
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [someOnly, setSomeOnly] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [onlyFiltered, setOnlyFiltered] = useState(false);
  const report = useReportExport();
  // Pages deleted since they were ticked no longer count.
  const chosenIds = pages.filter((p) => chosen.has(p.id)).map((p) => p.id);
  const filtered = onlyFiltered && workspace.active;
  const nothingChosen = someOnly && chosenIds.length === 0;

  const chooseSome = () => {
    setSomeOnly(true);
    if (chosenIds.length === 0 && currentPageId) setChosen(new Set([currentPageId]));
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (report.busy || nothingChosen) return;
    await report.run({
      designId,
      format,
      ...(someOnly && chosenIds.length < pages.length && { pageIds: chosenIds }),
      ...(filtered && { filters: workspace.filters }),
    });
  };

  return (
    <Dialog title="Export report" open={open} onClose={onClose}>
      <form className="form report-dialog" onSubmit={submit} aria-busy={report.busy}>
        <fieldset className="field">
          <legend className="field__label">Format</legend>
          {FORMATS.map((f) => (
            <div key={f.value} className="report-dialog__option">
              <label className="radio">
                <input
                  type="radio"
                  name="report-format"
                  checked={format === f.value}
                  aria-describedby={`report-format-${f.value}`}
                  onChange={() => setFormat(f.value)}
                />
                {f.label}
              </label>
              <span id={`report-format-${f.value}`} className="report-dialog__hint">
                {f.hint}
              </span>
            </div>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend className="field__label">Report on</legend>
          <div className="radio-row">
            <label className="radio">
              <input
                type="radio"
                name="report-pages"
                checked={!someOnly}
                onChange={() => setSomeOnly(false)}
              />
              All pages
            </label>
            <label className="radio">
              <input type="radio" name="report-pages" checked={someOnly} onChange={chooseSome} />
              Chosen pages
            </label>
          </div>
          {someOnly && (
            <fieldset className="report-dialog__pages">
              <legend className="sr-only">Pages</legend>
              {pages.map((p) => (
                <label key={p.id} className="radio">
                  <input
                    type="checkbox"
                    checked={chosen.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  {p.name}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>
        <div className="field">
          <label className="radio">
            <input
              type="checkbox"
              checked={filtered}
              disabled={!workspace.active}
              aria-describedby="report-filter-words"
              onChange={(e) => setOnlyFiltered(e.target.checked)}
            />
            Only what the filters show
          </label>
          <p
            id="report-filter-words"
            className="report-dialog__hint"
            data-testid="report-filter-words"
          >
            {workspace.words}
          </p>
        </div>
        {report.busy && (
          <output className="report-dialog__progress">
            {report.progress && report.progress.total > 0
              ? `Exporting: ${report.progress.done} of ${report.progress.total} steps` +
                (report.progress.detail ? ` (${report.progress.detail})` : '')
              : 'Exporting…'}
          </output>
        )}
        {report.error && <ErrorNote message={report.error} onDismiss={report.clearError} />}
        {nothingChosen && <p className="report-dialog__hint">Tick at least one page.</p>}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={report.busy || nothingChosen}
          >
            {report.busy ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
