import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Tag } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { TagOptions } from './tag-options.tsx';
import './form.css';
import './composer.css';

/** Where a new comment goes and what tag the element map suggests for it. */
export interface Draft {
  x: number;
  y: number;
  tag: Tag;
}

interface ComposerProps {
  draft: Draft;
  onSave: (input: { tag: Tag; contents: string }) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The composer opened next to a new pin (give it a `key` per spot, so a new spot starts fresh): tag (suggested), text; Ctrl/Cmd+Enter saves,
 * Esc cancels. It stays open with what was typed if saving fails.
 */
export function Composer({ draft, onSave, onCancel }: ComposerProps) {
  const [tag, setTag] = useState<Tag>(draft.tag);
  const [contents, setContents] = useState('');
  const [saving, setSaving] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);

  const trimmed = contents.trim();
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    const saved = await onSave({ tag, contents: trimmed });
    setSaving(false);
    if (saved) setContents('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
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
          <select value={tag} onKeyDown={onKeyDown} onChange={(e) => setTag(e.target.value as Tag)}>
            <TagOptions />
          </select>
        </label>
        <label className="field">
          <span className="field__label">Comment</span>
          <textarea
            ref={textRef}
            value={contents}
            maxLength={LIMITS.commentText}
            rows={3}
            required
            placeholder="What should change here?"
            onKeyDown={onKeyDown}
            onChange={(e) => setContents(e.target.value)}
          />
        </label>
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
    </>
  );
}
