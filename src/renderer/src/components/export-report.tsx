import { FileText } from 'lucide-react';
import { ToolLabel } from './tool-label.tsx';
import { useState } from 'react';
import { useMenuCommand } from '../hooks/use-menu-command.ts';
import { ReportDialog } from './report-dialog.tsx';

/**
 * "Export report…" in the workspace's toolbar, also File › Export report… in the
 * desktop app: opens the report dialog for the design.
 */
export function ExportReport({ designId, disabled }: { designId: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  useMenuCommand('export-report', () => {
    if (!disabled) setOpen(true);
  });
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={disabled}
        title="Export report…"
        onClick={() => setOpen(true)}
      >
        <ToolLabel icon={FileText} text="Export report…" />
      </button>
      <ReportDialog designId={designId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
