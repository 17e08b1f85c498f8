import { useAtomValue } from 'jotai';
import type { DesignView } from '../../../shared/domain.ts';
import { profileAtom } from '../state/profile-atoms.ts';

/**
 * Whose design this is. A design opened from someone else's package is theirs: main
 * refuses changes to its pages, so `pagesLocked` says why the page tools are not offered.
 * Until the profile is known, and for designs made before any profile, the design is
 * taken as the user's own.
 */
export function useDesignOwner(design: DesignView | null): { pagesLocked: string | null } {
  const profile = useAtomValue(profileAtom);
  if (!design || design.ownerId === null || profile === undefined) return { pagesLocked: null };
  if (profile?.reviewerId === design.ownerId) return { pagesLocked: null };
  const owner = design.ownerName || 'the person who sent this design';
  return { pagesLocked: `Only ${owner} can change the pages.` };
}
