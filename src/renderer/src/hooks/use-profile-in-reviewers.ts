import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { profileAtom } from '../state/profile-atoms.ts';
import { reviewersAtom } from '../state/review-atoms.ts';

/**
 * Keeps the local user's entry among the review's reviewers in step with their profile,
 * so a new name, role or avatar shows at once in the reviewers list and on their cards.
 */
export function useProfileInReviewers(): void {
  const profile = useAtomValue(profileAtom);
  const setReviewers = useSetAtom(reviewersAtom);
  useEffect(() => {
    if (!profile) return;
    setReviewers((reviewers) => {
      const index = reviewers.findIndex((r) => r.id === profile.reviewerId);
      const current = reviewers[index];
      if (
        !current ||
        (current.name === profile.name &&
          current.img === profile.avatar &&
          current.role === profile.role)
      )
        return reviewers;
      return reviewers.with(index, {
        ...current,
        name: profile.name,
        img: profile.avatar,
        role: profile.role,
      });
    });
  }, [profile, setReviewers]);
}
