import { useState } from 'react';
import { useMenuCommand } from '../hooks/use-menu-command.ts';
import { NewDesignDialog } from './new-design-dialog.tsx';

/** File › New design…: the new-design dialog over whichever screen is showing. */
export function NewDesignFromMenu() {
  const [open, setOpen] = useState(false);
  useMenuCommand('new-design', () => setOpen(true));
  return <NewDesignDialog open={open} onClose={() => setOpen(false)} />;
}
