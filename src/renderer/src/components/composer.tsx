import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Tag } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { CommentDraft } from '../hooks/use-comment-draft.ts';
import { escapeAction, type DraftState } from '../state/draft-rules.ts';
import { ConfirmDialog } from './dialog.tsx';
import { TagOptions } from './tag-options.tsx';
import './form.css';
import './composer.css';

/** Where a new comment goes, its tag (suggested by the element map) and its text so far. */
export type Draft = DraftState;

interface ComposerProps {
  draft: Draft;
  onSave: (input: { tag: Tag; contents: string }) => Promise<boolean>;
  /** Keeps the text and tag in the draft as they change. */
  onEdit: (change: { text?: string; tag?: Tag }) => void;
  onCancel: () => void;
  /** Goes up each time a click elsewhere was refused for this draft: focus it and say why. */
  nudges?: number;
}

/**
 * The composer opened next to a new pin: tag (suggested), text; Ctrl/Cmd+Enter saves,
 * Esc cancels, asking first when something was written. It stays open with what was
 * typed if saving fails.
 */
export function Composer({ draft, onSave, onEdit, onCancel, nudges = 0 }: ComposerProps) {
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [firstNudges] = useState(nudges);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    textRef.current?.focus();
    textRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [nudges]);

  const trimmed = draft.text.trim();
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    await onSave({ tag: draft.tag, contents: trimmed });
    setSaving(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (escapeAction(draft) === 'ask') setAsking(true);
      else onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };
  // Open to the left / above when the pin is near the right or bottom edge.
  const style = {
    left: `${draft.x}%`,
    top: `${draft.y}%`,
    transform: `translate(${draft.x > 60 ? 'calc(-100% - 20px)' : '20px'}, ${draft.y > 80 ? '-100%' : '-20px'})`,
  };
  return (
    <>
      <span
        className="pin pin--draft"
        style={{ left: `${draft.x}%`, top: `${draft.y}%` }}
        aria-hidden="true"
      >
        +
      </span>
      <form className="composer" style={style} aria-label="New comment" onSubmit={save}>
        <label className="field">
          <span className="field__label">Element</span>
          <select
            value={draft.tag}
            onKeyDown={onKeyDown}
            onChange={(e) => onEdit({ tag: e.target.value as Tag })}
          >
            <TagOptions />
          </select>
        </label>
        <label className="field">
          <span className="field__label">Comment</span>
          <textarea
            ref={textRef}
            value={draft.text}
            maxLength={LIMITS.commentText}
            rows={3}
            required
            placeholder="What should change here?"
            onKeyDown={onKeyDown}
            onChange={(e) => onEdit({ text: e.target.value })}
          />
        </label>
        {nudges > firstNudges && (
          <output className="composer__notice">
            Save or discard this comment before starting another.
          </output>
        )}
        <div className="composer__actions">
          <span className="composer__hint">Ctrl+Enter to save · Esc to cancel</span>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!trimmed || saving}>
            Save
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title="Discard this comment?"
        message="What you wrote here will be lost."
        confirmLabel="Discard"
        onConfirm={() => {
          setAsking(false);
          onCancel();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The composer for a screen's draft, when it has one (a new draft gets a fresh one). */
export function DraftComposer({ draft }: { draft: CommentDraft }) {
  if (!draft.draft) return null;
  return (
    <Composer
      key={`${draft.draft.x},${draft.draft.y}`}
      draft={draft.draft}
      onSave={draft.save}
      onEdit={draft.edit}
      onCancel={draft.cancel}
      nudges={draft.nudges}
    />
  );
}
