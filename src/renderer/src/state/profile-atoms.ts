import { atom } from 'jotai';
import type { Profile } from '../../../shared/domain.ts';

/** The local user; undefined until asked, null when there is no profile yet. */
export const profileAtom = atom<Profile | null | undefined>(undefined);

/** An open profile dialog: why it is asked for, and what to do once it is saved. */
export interface ProfilePrompt {
  reason: string;
  onSaved?: (profile: Profile) => void;
}

/** Set when the profile dialog is open (first use, or the user chose to edit it). */
export const profilePromptAtom = atom<ProfilePrompt | null>(null);
