import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';
import './form.css';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog on the platform's `<dialog>`: focus trap, Esc and backdrop for free. */
export function Dialog({ title, open, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dialog-title" onClose={onClose}>
      {open && (
        <>
          <h2 id="dialog-title" className="dialog__title">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onCancel}>
      <p className="dialog__message">{props.message}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger-solid" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
