import { Globe } from 'lucide-react';
import { ToolLabel } from './tool-label.tsx';
import { useState } from 'react';
import { useMenuCommand } from '../hooks/use-menu-command.ts';
import { usePageCapture } from '../hooks/use-page-capture.ts';
import { CaptureDialog } from './capture-dialog.tsx';

/**
 * The workspace's "Capture a web page…" button and its dialog; File › Capture a web
 * page… opens the same dialog while a design is open.
 */
export function CaptureControl({ designId }: { designId: string }) {
  const [open, setOpen] = useState(false);
  const capture = usePageCapture(designId);
  const show = () => {
    capture.clearError();
    setOpen(true);
  };
  useMenuCommand('capture-page', show);
  return (
    <>
      <button type="button" className="button" title="Capture a web page…" onClick={show}>
        <ToolLabel icon={Globe} text="Capture a web page…" />
      </button>
      <CaptureDialog
        open={open}
        progress={capture.progress}
        error={capture.error}
        onCapture={capture.start}
        onCancelCapture={capture.cancel}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
