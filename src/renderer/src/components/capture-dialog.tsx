import { useState, type FormEvent } from 'react';
import type { CaptureInput, CaptureProgress } from '../hooks/use-page-capture.ts';
import { Dialog } from './dialog.tsx';
import { ErrorNote } from './error-note.tsx';
import './capture-dialog.css';

/** The widths offered, as the issue names them. */
const PRESETS = [
  { width: 1440, label: 'Desktop 1440' },
  { width: 768, label: 'Tablet 768' },
  { width: 390, label: 'Phone 390' },
] as const;
/** The most bytes of a local HTML file (main refuses more). */
const HTML_BYTES = 10 * 1024 * 1024;

interface CaptureDialogProps {
  open: boolean;
  progress: CaptureProgress | null;
  error: string | null;
  onCapture: (input: CaptureInput) => Promise<boolean>;
  onCancelCapture: () => void;
  onClose: () => void;
}

/** An address the way people type it: "example.com/pricing" means https. */
export function normaliseAddress(raw: string): string {
  const text = raw.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
}

/**
 * "Capture a web page…": an address (http or https) or a local HTML file, one or more
 * widths, and an advanced list of things to hide. While it runs it shows main's progress
 * and its Cancel button cancels the capture; it closes once the pages are stored.
 */
export function CaptureDialog(props: CaptureDialogProps) {
  const { open, progress, error, onCapture, onCancelCapture, onClose } = props;
  const [source, setSource] = useState<'url' | 'file'>('url');
  const [address, setAddress] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [widths, setWidths] = useState<number[]>([1440]);
  const [custom, setCustom] = useState('');
  const [useCustom, setUseCustom] = useState(false);
  const [hide, setHide] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const busy = progress !== null;

  const customWidth = Number(custom);
  const customValid = Number.isInteger(customWidth) && customWidth >= 200 && customWidth <= 3600;
  const chosen = [...widths, ...(useCustom && customValid ? [customWidth] : [])].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
  const ready =
    chosen.length > 0 &&
    (!useCustom || customValid) &&
    (source === 'url' ? address.trim() !== '' : file !== null);

  const toggle = (width: number, on: boolean) =>
    setWidths((list) => (on ? [...list, width] : list.filter((w) => w !== width)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setFileError(null);
    let target: CaptureInput['target'];
    if (source === 'url') target = { url: normaliseAddress(address) };
    else {
      if (!file) return;
      if (file.size > HTML_BYTES) return setFileError('HTML files over 10 MiB are not accepted.');
      target = { html: new Uint8Array(await file.arrayBuffer()), fileName: file.name };
    }
    const selectors = hide
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    const done = await onCapture({
      target,
      widths: chosen,
      ...(selectors.length ? { hideSelectors: selectors } : {}),
    });
    if (done) onClose();
  };

  const close = () => {
    if (busy) onCancelCapture();
    onClose();
  };

  return (
    <Dialog title="Capture a web page" open={open} onClose={close}>
      <form className="form capture-dialog" onSubmit={(e) => void submit(e)}>
        <fieldset className="field" disabled={busy}>
          <legend className="field__label">Capture</legend>
          <div className="radio-row">
            <label className="radio">
              <input
                type="radio"
                name="capture-source"
                checked={source === 'url'}
                onChange={() => setSource('url')}
              />
              A web address
            </label>
            <label className="radio">
              <input
                type="radio"
                name="capture-source"
                checked={source === 'file'}
                onChange={() => setSource('file')}
              />
              A local HTML file
            </label>
          </div>
        </fieldset>
        {source === 'url' ? (
          <label className="field">
            <span className="field__label">Address (http or https)</span>
            <input
              type="text"
              inputMode="url"
              value={address}
              disabled={busy}
              placeholder="https://example.com/pricing"
              maxLength={4000}
              onChange={(e) => setAddress(e.target.value)}
            />
          </label>
        ) : (
          <label className="field">
            <span className="field__label">HTML file</span>
            <input
              type="file"
              accept=".html,.htm,text/html"
              disabled={busy}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
        )}
        <fieldset className="field" disabled={busy}>
          <legend className="field__label">Widths (each becomes a page)</legend>
          <div className="capture-dialog__widths">
            {PRESETS.map(({ width, label }) => (
              <label key={width} className="radio">
                <input
                  type="checkbox"
                  checked={widths.includes(width)}
                  onChange={(e) => toggle(width, e.target.checked)}
                />
                {label}
              </label>
            ))}
            <label className="radio">
              <input
                type="checkbox"
                checked={useCustom}
                onChange={(e) => setUseCustom(e.target.checked)}
              />
              Custom
            </label>
            {useCustom && (
              <input
                className="capture-dialog__custom"
                type="number"
                min={200}
                max={3600}
                step={1}
                value={custom}
                aria-label="Custom width in pixels"
                placeholder="200–3600"
                onChange={(e) => setCustom(e.target.value)}
              />
            )}
          </div>
          {chosen.length > 4 && <p className="capture-dialog__hint">Choose at most 4 widths.</p>}
        </fieldset>
        <details className="capture-dialog__advanced">
          <summary>Advanced</summary>
          <label className="field">
            <span className="field__label">Hide before capturing (CSS selectors, one a line)</span>
            <textarea
              rows={3}
              value={hide}
              disabled={busy}
              placeholder="Empty: the common cookie banners and chat bubbles"
              onChange={(e) => setHide(e.target.value)}
            />
          </label>
        </details>
        {progress && (
          <div className="capture-dialog__progress">
            <progress max={progress.total} value={progress.done} aria-label="Capture progress" />
            <output>{progress.detail}…</output>
          </div>
        )}
        {(fileError ?? error) && <ErrorNote message={(fileError ?? error)!} />}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={busy ? onCancelCapture : close}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !ready || chosen.length > 4}
          >
            Capture
          </button>
        </div>
      </form>
    </Dialog>
  );
}
