import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { Counters } from '../components/counters.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { PagesList } from '../components/pages-list.tsx';
import { ReviewerList } from '../components/reviewer-list.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import { WorkspaceLayout } from '../components/workspace-layout.tsx';
import { loadReviewAtom, selectedPageAtom } from '../state/review-atoms.ts';

/**
 * Route `/review/:name`: a sample review. Every visit (and every change of name)
 * asks main for fresh mock data, which replaces the review's pages and reviewers.
 */
export function SampleReviewScreen({ name }: { name: string | undefined }) {
  const load = useSetAtom(loadReviewAtom);
  const page = useAtomValue(selectedPageAtom);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.samples.open(name ?? '').then(
      (review) => {
        if (!current) return;
        setTitle(review.title);
        load(review);
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [name, load]);

  return (
    <WorkspaceLayout
      header={<AppHeader title={title} />}
      banner={error && <ErrorNote message={error} />}
      sidebar={
        <>
          <Counters key={name} />
          <PagesList />
          <ReviewerList />
        </>
      }
      canvas={page && <Screenshot page={page} />}
      panel={<CommentsPanel />}
    />
  );
}
