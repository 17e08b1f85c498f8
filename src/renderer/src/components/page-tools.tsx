import { ArrowDown, ArrowUp, ImageUp, Pencil, Trash2 } from 'lucide-react';
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Page } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { IMAGE_ACCEPT } from '../hooks/use-image-import.ts';
import './page-tools.css';

export interface PageToolActions {
  rename: (page: Page, name: string) => Promise<boolean>;
  move: (page: Page, toIndex: number) => void;
  replace: (page: Page, file: File) => void;
  remove: (page: Page) => void;
}

interface PageToolsProps {
  page: Page;
  index: number;
  count: number;
  actions: PageToolActions;
  /** Starts renaming the page (given its id). Stable, like `actions`, so the tools can skip rendering. */
  onRename: (pageId: string) => void;
  /** A move is on its way: moving again now would start from a stale order. */
  moving?: boolean;
}

const ICON = { size: 15, 'aria-hidden': true } as const;

/**
 * A page's tools in the sidebar: rename, move up/down, replace image, delete. They show
 * when the page's row is hovered or holds focus (see page-tools.css).
 */
export const PageTools = memo(function PageTools({
  page,
  index,
  count,
  actions,
  onRename,
  moving,
}: PageToolsProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="page-tools">
      <button
        type="button"
        className="icon-button"
        aria-label={`Rename ${page.name}`}
        title="Rename"
        onClick={() => onRename(page.id)}
      >
        <Pencil {...ICON} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move ${page.name} up`}
        title="Move up"
        disabled={moving || index === 0}
        onClick={() => actions.move(page, index - 1)}
      >
        <ArrowUp {...ICON} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move ${page.name} down`}
        title="Move down"
        disabled={moving || index === count - 1}
        onClick={() => actions.move(page, index + 1)}
      >
        <ArrowDown {...ICON} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Replace image of ${page.name}`}
        title="Replace image"
        onClick={() => fileRef.current?.click()}
      >
        <ImageUp {...ICON} />
      </button>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={`New image for ${page.name}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) actions.replace(page, file);
        }}
      />
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Delete ${page.name}`}
        title="Delete"
        onClick={() => actions.remove(page)}
      >
        <Trash2 {...ICON} />
      </button>
    </div>
  );
});

interface PageRenameFormProps {
  page: Page;
  onSubmit: (name: string) => Promise<boolean>;
  onDone: () => void;
}

/** Renames a page in place: Enter saves, Esc cancels. */
export function PageRenameForm({ page, onSubmit, onDone }: PageRenameFormProps) {
  const [name, setName] = useState(page.name);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(name.trim())) onDone();
  };
  return (
    <form className="page-rename" onSubmit={submit} aria-label={`Rename ${page.name}`}>
      <input
        ref={inputRef}
        aria-label="Page name"
        value={name}
        maxLength={LIMITS.pageName}
        required
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
    </form>
  );
}
