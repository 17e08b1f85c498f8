import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Tag } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { TagOptions } from './tag-options.tsx';
import './form.css';
import './text-editor-form.css';

interface CommentEditFormProps {
  number: number;
  initial: { contents: string; tag: Tag };
  onSubmit: (change: { contents: string; tag: Tag }) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * Edits a posted comment: its element tag and its text. Ctrl/Cmd+Enter saves, Esc
 * cancels; what was typed stays if saving fails.
 */
export function CommentEditForm({ number, initial, onSubmit, onCancel }: CommentEditFormProps) {
  const [contents, setContents] = useState(initial.contents);
  const [tag, setTag] = useState<Tag>(initial.tag);
  const [saving, setSaving] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);
  const trimmed = contents.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    await onSubmit({ contents: trimmed, tag });
    setSaving(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form className="inline-form" aria-label={`Editing comment ${number}`} onSubmit={submit}>
      <label className="field field--inline">
        <span className="field__label">Element</span>
        <select value={tag} onKeyDown={onKeyDown} onChange={(e) => setTag(e.target.value as Tag)}>
          <TagOptions />
        </select>
      </label>
      <textarea
        ref={textRef}
        aria-label={`Edit comment ${number}`}
        value={contents}
        maxLength={LIMITS.commentText}
        rows={3}
        onKeyDown={onKeyDown}
        onChange={(e) => setContents(e.target.value)}
      />
      <div className="inline-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!trimmed || saving}>
          Save
        </button>
      </div>
    </form>
  );
}
