import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { Profile } from '../../../shared/domain.ts';
import { profileAtom, profilePromptAtom } from '../state/profile-atoms.ts';

/**
 * Runs an action that needs the local user's identity. Without a profile, the profile
 * dialog asks for one first (first use) and the action goes on once it is saved.
 */
export function useProfileGate() {
  const profile = useAtomValue(profileAtom);
  const prompt = useSetAtom(profilePromptAtom);
  return useCallback(
    (reason: string, then: (profile: Profile) => void) => {
      if (profile) then(profile);
      else prompt({ reason, onSaved: then });
    },
    [profile, prompt],
  );
}
