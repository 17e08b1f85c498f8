import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { suggestTag } from '../../../shared/element-map.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { Composer, type Draft } from '../components/composer.tsx';
import { Counters } from '../components/counters.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { FiltersBar } from '../components/filters-bar.tsx';
import { PagesList } from '../components/pages-list.tsx';
import { ReviewerList } from '../components/reviewer-list.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import { WorkspaceLayout } from '../components/workspace-layout.tsx';
import { WorkspaceTools } from '../components/workspace-tools.tsx';
import { useProfileInReviewers } from '../hooks/use-profile-in-reviewers.ts';
import { commentModeAtom } from '../state/design-atoms.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import {
  addCommentAtom,
  commentSelectionAtom,
  loadReviewAtom,
  reviewersAtom,
  selectedPageAtom,
} from '../state/review-atoms.ts';

/**
 * Route `/review/:name`: a sample review. Every visit (and every change of name)
 * asks main for fresh mock data, which replaces the review's pages and reviewers.
 * Comments written here live only in memory.
 */
export function SampleReviewScreen({ name }: { name: string | undefined }) {
  const load = useSetAtom(loadReviewAtom);
  const page = useAtomValue(selectedPageAtom);
  const profile = useAtomValue(profileAtom);
  const [reviewers, setReviewers] = useAtom(reviewersAtom);
  const addComment = useSetAtom(addCommentAtom);
  const setSelection = useSetAtom(commentSelectionAtom);
  const [commenting, setCommenting] = useAtom(commentModeAtom);
  const [placed, setDraft] = useState<(Draft & { pageId: string }) | null>(null);
  // A draft belongs to the page it was placed on, and only while commenting.
  const draft = commenting && placed?.pageId === page?.id ? placed : null;
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  useProfileInReviewers();

  useEffect(() => {
    let current = true;
    setCommenting(false);
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
  }, [name, load, setCommenting]);

  const save = async ({ tag, contents }: { tag: Draft['tag']; contents: string }) => {
    if (!draft || !page || !profile) return false;
    if (!reviewers.some((r) => r.id === profile.reviewerId)) {
      setReviewers((rs) => [
        ...rs,
        {
          id: profile.reviewerId,
          name: profile.name,
          img: profile.avatar,
          role: profile.role,
          comments: [],
        },
      ]);
    }
    const comment = {
      id: uuidv4(),
      contents,
      created_at: new Date().toISOString(),
      reviewerId: profile.reviewerId,
      pageId: page.id,
      tag,
      position: { x: draft.x, y: draft.y, page: page.id },
      status: 'open' as const,
      unread: false,
      replies: [],
    };
    addComment({ reviewerId: profile.reviewerId, comment });
    setDraft(null);
    setSelection({ id: comment.id, from: 'pin' });
    return true;
  };

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
          <Screenshot
            page={page}
            onPlace={
              commenting
                ? (p) =>
                    setDraft({
                      ...p,
                      pageId: page.id,
                      tag: suggestTag(page.elements, p.x, p.y) ?? 'main',
                    })
                : undefined
            }
          >
            {draft && (
              <Composer
                key={`${draft.x},${draft.y}`}
                draft={draft}
                onSave={save}
                onCancel={() => setDraft(null)}
              />
            )}
          </Screenshot>
        )
      }
      panel={<CommentsPanel filters={<FiltersBar />} />}
    />
  );
}
