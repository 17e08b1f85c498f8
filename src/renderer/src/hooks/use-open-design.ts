import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { api } from '../bridge/api.ts';
import { commentModeAtom, designAtom, setPageCommentsAtom } from '../state/design-atoms.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import { loadReviewAtom, reviewersAtom, selectedPageIdAtom } from '../state/review-atoms.ts';

type Run = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/**
 * Opens a design into the review state and keeps it current: its pages and reviewers
 * when it opens, the selected page's comments whenever the page changes (only the
 * shown page's comments are ever asked for).
 */
export function useOpenDesign(id: string, run: Run) {
  const [design, setDesign] = useAtom(designAtom);
  const loadReview = useSetAtom(loadReviewAtom);
  const setReviewers = useSetAtom(reviewersAtom);
  const setPageComments = useSetAtom(setPageCommentsAtom);
  const setCommenting = useSetAtom(commentModeAtom);
  const pageId = useAtomValue(selectedPageIdAtom);
  const me = useAtomValue(profileAtom)?.reviewerId ?? null;

  /** Counts and reviewers come from main again; loaded comments stay. */
  const refreshDesign = useCallback(async () => {
    const fresh = await api.designs.open(id);
    setDesign(fresh);
    setReviewers((current) =>
      fresh.reviewers.map((r) => ({
        ...r,
        comments: current.find((c) => c.id === r.id)?.comments ?? [],
      })),
    );
  }, [id, setDesign, setReviewers]);

  useEffect(() => {
    setDesign(null);
    setCommenting(false);
    // Nothing of the review shown before may stay on screen while this design opens, or
    // if it cannot be opened: its pages would look like this design's and take edits.
    loadReview({ pages: [], reviewers: [] });
    void run(async () => {
      const opened = await api.designs.open(id);
      setDesign(opened);
      loadReview({ pages: opened.pages, reviewers: opened.reviewers });
    });
  }, [id, run, setDesign, loadReview, setCommenting]);

  // The local user may have just made their profile: they must be among the reviewers.
  useEffect(() => {
    if (design && me && !design.reviewers.some((r) => r.id === me)) void run(refreshDesign);
  }, [design, me, run, refreshDesign]);

  const designId = design?.id;
  useEffect(() => {
    if (!pageId || !designId) return;
    let current = true;
    void run(async () => {
      const comments = await api.comments.list(pageId);
      if (current) setPageComments({ pageId, comments });
    });
    return () => {
      current = false;
    };
  }, [pageId, designId, run, setPageComments]);

  const adjustCount = useCallback(
    (delta: number) => setDesign((d) => (d ? { ...d, commentCount: d.commentCount + delta } : d)),
    [setDesign],
  );

  return { design, refreshDesign, adjustCount };
}
