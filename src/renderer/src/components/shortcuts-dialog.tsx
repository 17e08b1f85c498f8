import { Dialog } from './dialog.tsx';
import { SHORTCUTS } from './shortcuts.ts';
import './shortcuts-dialog.css';

/** The keyboard shortcuts, grouped; `?` opens it. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose}>
      <div className="shortcuts">
        {SHORTCUTS.map(({ group, items }) => (
          <section key={group} aria-label={group}>
            <h3 className="shortcuts__group">{group}</h3>
            <dl className="shortcuts__list">
              {items.map((item) => (
                <div key={item.what} className="shortcuts__row">
                  <dt>
                    {item.keys.map((combo, i) => (
                      <span key={combo.join('+')}>
                        {i > 0 && <span className="shortcuts__sep"> or </span>}
                        {combo.map((key, j) => (
                          <span key={key}>
                            {j > 0 && <span className="shortcuts__sep"> + </span>}
                            <kbd>{key}</kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd>{item.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
