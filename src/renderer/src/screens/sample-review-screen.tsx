import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { DraftComposer } from '../components/composer.tsx';
import { Counters } from '../components/counters.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { FiltersBar } from '../components/filters-bar.tsx';
import { PagesList } from '../components/pages-list.tsx';
import { ReviewerList } from '../components/reviewer-list.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import { WorkspaceLayout } from '../components/workspace-layout.tsx';
import { WorkspaceTools } from '../components/workspace-tools.tsx';
import { useCommentDraft, type NewCommentInput } from '../hooks/use-comment-draft.ts';
import { useSampleLeftNotice } from '../hooks/use-sample-left-notice.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import { openSampleAtom } from '../state/review-loading.ts';
import { selectedPageAtom } from '../state/review-atoms.ts';

/**
 * Route `/review/:name`: a sample review. Every visit (and every change of name)
 * asks main for fresh mock data, which replaces the review's pages and reviewers.
 * Comments written here live only in memory.
 */
export function SampleReviewScreen({ name }: { name: string | undefined }) {
  const open = useSetAtom(openSampleAtom);
  const page = useAtomValue(selectedPageAtom);
  const profile = useAtomValue(profileAtom);
  const [title, setTitle] = useState('');
  // An error belongs to the sample it came from: opening another one hides it.
  const [failed, setFailed] = useState<{ name: string; message: string } | null>(null);
  const error = failed?.name === (name ?? '') ? failed.message : null;
  useSampleLeftNotice(name, title);

  useEffect(() => {
    open({ source: api, name: name ?? '' }).then(
      (review) => review && setTitle(review.title),
      (e: Error) => setFailed({ name: name ?? '', message: e.message }),
    );
  }, [name, open]);

  // A sample's comments are made here and kept in memory, by the local user.
  const create = async ({ pageId, x, y, tag, contents }: NewCommentInput) =>
    profile
      ? {
          id: uuidv4(),
          contents,
          created_at: new Date().toISOString(),
          reviewerId: profile.reviewerId,
          pageId,
          tag,
          position: { x, y, page: pageId },
          status: 'open' as const,
          unread: false,
          replies: [],
        }
      : undefined;
  const draft = useCommentDraft(page, create);

  return (
    <WorkspaceLayout
      header={
        <AppHeader title={title} userAvatar={profile?.avatar} userName={profile?.name}>
          <WorkspaceTools canComment={page !== null} />
        </AppHeader>
      }
      banner={error && <ErrorNote message={error} />}
      sidebar={
        <>
          <Counters key={name} />
          <PagesList />
          <ReviewerList />
        </>
      }
      canvas={
        page && (
          <Screenshot page={page} onPlace={draft.place}>
            <DraftComposer draft={draft} />
          </Screenshot>
        )
      }
      panel={<CommentsPanel filters={<FiltersBar />} />}
    />
  );
}
