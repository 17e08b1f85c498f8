import { atom } from 'jotai';

/** Whether the keyboard shortcuts dialog is open (`?`, or its button). */
export const shortcutsOpenAtom = atom(false);
