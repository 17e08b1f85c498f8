import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import './text-editor-form.css';

interface TextEditorFormProps {
  label: string;
  initial?: string;
  maxLength: number;
  submitLabel: string;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/** A small text form (edit a comment, write a reply): Ctrl/Cmd+Enter submits, Esc cancels. */
export function TextEditorForm(props: TextEditorFormProps) {
  const [text, setText] = useState(props.initial ?? '');
  const [saving, setSaving] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // The form opens because the user asked to type: put them there.
  useEffect(() => textRef.current?.focus(), []);
  const trimmed = text.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    const done = await props.onSubmit(trimmed);
    setSaving(false);
    if (done) setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form className="inline-form" aria-label={props.label} onSubmit={submit}>
      <textarea
        ref={textRef}
        aria-label={props.label}
        value={text}
        maxLength={props.maxLength}
        rows={2}
        onKeyDown={onKeyDown}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="inline-form__actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!trimmed || saving}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
