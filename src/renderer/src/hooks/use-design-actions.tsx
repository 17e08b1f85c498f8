import { Copy, FileText, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DesignSummary } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { ConfirmDialog } from '../components/dialog.tsx';
import { DesignDetailsDialog } from '../components/design-details-dialog.tsx';
import type { MenuItem } from '../components/menu-button.tsx';

type Design = Pick<DesignSummary, 'id' | 'name' | 'description'>;

interface DesignActionCallbacks {
  onChanged: (design: DesignSummary) => void;
  onDuplicated: (copy: DesignSummary) => void;
  onDeleted: (id: string) => void;
  /** Where a failure is shown. */
  onError: (message: string) => void;
}

/**
 * What can be done to a whole design: rename, edit its description, duplicate, delete
 * (after a confirmation), each through the bridge. Gives the menu's items, a way to open
 * the details dialog directly, and the dialogs to render.
 */
export function useDesignActions(design: Design | null, callbacks: DesignActionCallbacks) {
  const [editing, setEditing] = useState<'name' | 'description' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fail = (e: unknown) => callbacks.onError(e instanceof Error ? e.message : String(e));
  const icon = { size: 16, 'aria-hidden': true } as const;

  const items: MenuItem[] = design
    ? [
        { label: 'Rename…', icon: <Pencil {...icon} />, onSelect: () => setEditing('name') },
        {
          label: 'Edit description…',
          icon: <FileText {...icon} />,
          onSelect: () => setEditing('description'),
        },
        {
          label: 'Duplicate',
          icon: <Copy {...icon} />,
          onSelect: () => void api.designs.duplicate(design.id).then(callbacks.onDuplicated, fail),
        },
        {
          label: 'Delete…',
          icon: <Trash2 {...icon} />,
          danger: true,
          onSelect: () => setConfirming(true),
        },
      ]
    : [];

  const remove = () => {
    setConfirming(false);
    if (design) api.designs.remove(design.id).then(() => callbacks.onDeleted(design.id), fail);
  };

  const dialogs: ReactNode = design && (
    <>
      <DesignDetailsDialog
        design={design}
        open={editing !== null}
        focus={editing ?? 'name'}
        onClose={() => setEditing(null)}
        onSaved={callbacks.onChanged}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete design?"
        message={`“${design.name}”, its pages and all their comments will be deleted from this computer. This cannot be undone.`}
        confirmLabel="Delete design"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );

  return { items, dialogs, openEditor: setEditing };
}
