import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { LIMITS } from '../../../shared/limits.ts';
import { api } from '../bridge/api.ts';
import { useAsyncAction } from '../hooks/use-async-action.ts';
import { Dialog } from './dialog.tsx';
import { ErrorNote } from './error-note.tsx';

/** "New design": a name (required) and a description; opens the new design. */
export function NewDesignDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { run, error, busy } = useAsyncAction();
  const [, navigate] = useLocation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(() =>
      api.designs.create({ name: name.trim(), description: description.trim() }),
    );
    if (!created) return;
    setName('');
    setDescription('');
    onClose();
    navigate(`/designs/${created.id}`);
  };
  return (
    <Dialog title="New design" open={open} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Name</span>
          <input
            value={name}
            required
            maxLength={LIMITS.designName}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Description (optional)</span>
          <textarea
            value={description}
            rows={3}
            maxLength={LIMITS.designDescription}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        {error && <ErrorNote message={error} />}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
            Create design
          </button>
        </div>
      </form>
    </Dialog>
  );
}
