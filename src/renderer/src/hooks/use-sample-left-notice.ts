import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { sampleLeftNoticeAtom } from '../state/notice-atoms.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import { commentStoreAtom } from '../state/review-atoms.ts';

/**
 * While a sample is open, counts the comments the user wrote on it; when it is left (to
 * any route, or another sample) with some, says they were not kept, until dismissed.
 */
export function useSampleLeftNotice(key: string | undefined, title: string): void {
  const me = useAtomValue(profileAtom)?.reviewerId;
  const store = useAtomValue(commentStoreAtom);
  const setNotice = useSetAtom(sampleLeftNoticeAtom);
  let mine = 0;
  // The sample's own reviewers are made up: every comment of the user's is one they added.
  if (me) for (const comment of store.byId.values()) if (comment.reviewerId === me) mine++;
  const latest = useRef({ title, mine });
  useEffect(() => {
    latest.current = { title, mine };
  });
  useEffect(
    () => () => {
      const left = latest.current;
      if (left.mine > 0) setNotice({ title: left.title, count: left.mine });
      latest.current = { ...left, mine: 0 };
    },
    [key, setNotice],
  );
}
