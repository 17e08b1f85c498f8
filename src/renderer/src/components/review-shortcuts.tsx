import { useAtom } from 'jotai';
import { useReviewKeys } from '../hooks/use-review-keys.ts';
import { shortcutsOpenAtom } from '../state/ui-atoms.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';

/** The review's reading keys (J, K, ?) and the shortcuts dialog they open. */
export function ReviewShortcuts() {
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  useReviewKeys(() => setOpen(true));
  return <ShortcutsDialog open={open} onClose={() => setOpen(false)} />;
}
