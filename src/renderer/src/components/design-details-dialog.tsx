import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DesignSummary } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { api } from '../bridge/api.ts';
import { useAsyncAction } from '../hooks/use-async-action.ts';
import { Dialog } from './dialog.tsx';
import { ErrorNote } from './error-note.tsx';
import './form.css';

interface DesignDetailsDialogProps {
  design: Pick<DesignSummary, 'id' | 'name' | 'description'>;
  open: boolean;
  /** The field to put the cursor in: renaming or describing. */
  focus: 'name' | 'description';
  onClose: () => void;
  onSaved: (design: DesignSummary) => void;
}

/** Renames and describes a design; only what changed is saved. */
export function DesignDetailsDialog({
  design,
  open,
  focus,
  onClose,
  onSaved,
}: DesignDetailsDialogProps) {
  const [name, setName] = useState(design.name);
  const [description, setDescription] = useState(design.description);
  const { run, error, busy, clearError } = useAsyncAction();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!open) return;
    setName(design.name);
    setDescription(design.description);
    clearError();
    const field = focus === 'name' ? nameRef.current : descriptionRef.current;
    field?.focus();
    field?.select();
    // Opened afresh each time: what the design is now, and the field asked for.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const renaming = name.trim() !== design.name;
    const describing = description.trim() !== design.description;
    if (!renaming && !describing) return onClose();
    let latest: DesignSummary | undefined;
    const done = await run(async () => {
      if (renaming) latest = await api.designs.rename(design.id, name);
      if (describing) latest = await api.designs.describe(design.id, description);
      return true;
    });
    // A rename that worked is shown even when the description then failed.
    if (latest) onSaved(latest);
    if (done) onClose();
  };

  return (
    <Dialog title="Design details" open={open} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input
            ref={nameRef}
            value={name}
            required
            maxLength={LIMITS.designName}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea
            ref={descriptionRef}
            value={description}
            rows={4}
            maxLength={LIMITS.designDescription}
            placeholder="What is this design for, and what feedback do you need?"
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        {error && <ErrorNote message={error} />}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
