import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { suggestTag } from '../../../shared/element-map.ts';
import type { Comment, Page, Reply } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { CommentThread, type ThreadActions } from '../components/comment-thread.tsx';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { Composer, type Draft } from '../components/composer.tsx';
import { Counters } from '../components/counters.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { FiltersBar } from '../components/filters-bar.tsx';
import { PageRenameForm, PageTools, type PageToolActions } from '../components/page-tools.tsx';
import { PagesList } from '../components/pages-list.tsx';
import { ReviewerList } from '../components/reviewer-list.tsx';
import { Screenshot, type PercentPoint } from '../components/screenshot.tsx';
import { WorkspaceLayout } from '../components/workspace-layout.tsx';
import { WorkspaceTools } from '../components/workspace-tools.tsx';
import { useAsyncAction } from '../hooks/use-async-action.ts';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import {
  IMAGE_ACCEPT,
  pageNameFromFile,
  readImageFile,
  useImageImport,
} from '../hooks/use-image-import.ts';
import { useNow } from '../hooks/use-now.ts';
import { useProfileInReviewers } from '../hooks/use-profile-in-reviewers.ts';
import {
  commentModeAtom,
  designAtom,
  removeCommentAtom,
  setDesignPagesAtom,
  setPageCommentsAtom,
  upsertCommentAtom,
} from '../state/design-atoms.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import {
  commentSelectionAtom,
  loadReviewAtom,
  pagesAtom,
  reviewersAtom,
  selectedPageAtom,
  selectedPageIdAtom,
} from '../state/review-atoms.ts';

type Pending =
  { kind: 'delete-page'; page: Page } | { kind: 'delete-comment'; comment: Comment } | null;

/** Route `/designs/:id`: one of the user's designs, to import into and comment on. */
export function DesignReviewScreen({ id }: { id: string }) {
  const [design, setDesign] = useAtom(designAtom);
  const loadReview = useSetAtom(loadReviewAtom);
  const pages = useAtomValue(pagesAtom);
  const page = useAtomValue(selectedPageAtom);
  const [pageId, selectPage] = useAtom(selectedPageIdAtom);
  const [reviewersNow, setReviewers] = useAtom(reviewersAtom);
  const setPageComments = useSetAtom(setPageCommentsAtom);
  const upsertComment = useSetAtom(upsertCommentAtom);
  const removeComment = useSetAtom(removeCommentAtom);
  const setPages = useSetAtom(setDesignPagesAtom);
  const setSelection = useSetAtom(commentSelectionAtom);
  const [commenting, setCommenting] = useAtom(commentModeAtom);
  const profile = useAtomValue(profileAtom);
  const [placed, setDraft] = useState<(Draft & { pageId: string }) | null>(null);
  // A draft belongs to the page it was placed on, and only while commenting.
  const draft = commenting && placed?.pageId === pageId ? placed : null;
  const [renaming, setRenaming] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const { run, error, clearError } = useAsyncAction();
  const fileRef = useRef<HTMLInputElement>(null);
  const now = useNow();
  const me = profile?.reviewerId ?? null;
  useProfileInReviewers();

  /** Counts and reviewers come from main; comments stay as loaded. */
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

  useEffect(() => {
    if (!pageId || !design) return;
    let current = true;
    void run(async () => {
      const comments = await api.comments.list(pageId);
      if (current) setPageComments({ pageId, comments });
    });
    return () => {
      current = false;
    };
    // Reload when the page changes, not on every design update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId, design?.id]);

  const adjustCount = (delta: number) =>
    setDesign((d) => (d ? { ...d, commentCount: d.commentCount + delta } : d));

  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const pageIdRef = useRef(pageId);
  pageIdRef.current = pageId;
  const importOne = useCallback(
    async (file: File) => {
      const added = await api.pages.add({
        designId: id,
        name: pageNameFromFile(file.name),
        bytes: await readImageFile(file),
      });
      setPages([...pagesRef.current, added]);
      if (!pageIdRef.current) selectPage(added.id);
    },
    [id, setPages, selectPage],
  );
  const imports = useImageImport(importOne);
  const drop = useFileDrop((files) => void imports.run(files));

  const pageActions: PageToolActions = {
    rename: async (p, name) => {
      const renamed = await run(() => api.pages.rename(p.id, name));
      if (renamed) setPages(pages.map((x) => (x.id === p.id ? renamed : x)));
      return renamed !== undefined;
    },
    move: (p, toIndex) => void run(async () => setPages(await api.pages.move(p.id, toIndex))),
    replace: (p, file) =>
      void run(async () => {
        const replaced = await api.pages.replaceImage(p.id, await readImageFile(file));
        setPages(pagesRef.current.map((x) => (x.id === p.id ? replaced : x)));
      }),
    remove: (p) => setPending({ kind: 'delete-page', page: p }),
  };

  const replaceReply = (commentId: string, change: (replies: Reply[]) => Reply[]) => {
    const comment = reviewersNow.flatMap((r) => r.comments).find((c) => c.id === commentId);
    if (comment) upsertComment({ ...comment, replies: change(comment.replies) });
  };

  const threadActions: ThreadActions = {
    setStatus: async (c, status) => {
      const updated = await run(() => api.comments.setStatus(c.id, status));
      if (updated) upsertComment(updated);
      return updated !== undefined;
    },
    edit: async (c, contents) => {
      const updated = await run(() => api.comments.edit(c.id, { contents }));
      if (updated) upsertComment(updated);
      return updated !== undefined;
    },
    remove: (c) => setPending({ kind: 'delete-comment', comment: c }),
    reply: async (c, contents) => {
      const reply = await run(() => api.comments.reply(c.id, contents));
      if (reply) upsertComment({ ...c, replies: [...c.replies, reply] });
      return reply !== undefined;
    },
    editReply: async (r, contents) => {
      const updated = await run(() => api.comments.editReply(r.id, contents));
      if (updated)
        replaceReply(r.commentId, (replies) => replies.map((x) => (x.id === r.id ? updated : x)));
      return updated !== undefined;
    },
    removeReply: async (r) => {
      const done = await run(async () => {
        await api.comments.removeReply(r.id);
        return true;
      });
      if (done) replaceReply(r.commentId, (replies) => replies.filter((x) => x.id !== r.id));
      return done === true;
    },
  };

  const confirmPending = async () => {
    const what = pending;
    setPending(null);
    if (what?.kind === 'delete-page') {
      const done = await run(async () => {
        await api.pages.remove(what.page.id);
        return true;
      });
      if (!done) return;
      const index = pages.findIndex((p) => p.id === what.page.id);
      const rest = pages.filter((p) => p.id !== what.page.id);
      setPages(rest);
      if (pageId === what.page.id) selectPage(rest[Math.min(index, rest.length - 1)]?.id ?? null);
      await run(refreshDesign);
    } else if (what?.kind === 'delete-comment') {
      const done = await run(async () => {
        await api.comments.remove(what.comment.id);
        return true;
      });
      if (done) {
        removeComment(what.comment.id);
        adjustCount(-1);
      }
    }
  };

  const place = (point: PercentPoint) =>
    pageId &&
    setDraft({ ...point, pageId, tag: suggestTag(page?.elements, point.x, point.y) ?? 'main' });

  const saveDraft = async ({ tag, contents }: { tag: Draft['tag']; contents: string }) => {
    if (!draft || !pageId) return false;
    const added = await run(() =>
      api.comments.add({ pageId, tag, contents, x: draft.x, y: draft.y }),
    );
    if (!added) return false;
    upsertComment(added);
    adjustCount(1);
    setDraft(null);
    setSelection({ id: added.id, from: 'pin' });
    return true;
  };

  const move = (comment: Comment, point: PercentPoint) =>
    void run(async () => upsertComment(await api.comments.move(comment.id, point.x, point.y)));

  const banner = (
    <>
      {imports.progress && (
        <output className="status-line">
          Adding pages: {imports.progress.done + 1} of {imports.progress.total} (
          {imports.progress.current})…
        </output>
      )}
      {imports.errors.length > 0 && (
        <ErrorNote
          message={`Some files were not added. ${imports.errors.join(' ')}`}
          onDismiss={imports.clearErrors}
        />
      )}
      {error && <ErrorNote message={error} onDismiss={clearError} />}
    </>
  );

  return (
    <div className={drop.active ? 'drop-zone drop-zone--active' : 'drop-zone'} {...drop.handlers}>
      <WorkspaceLayout
        header={
          <AppHeader
            title={design?.name ?? ''}
            userAvatar={profile?.avatar}
            userName={profile?.name}
          >
            <button type="button" className="button" onClick={() => fileRef.current?.click()}>
              Add pages…
            </button>
            <input
              ref={fileRef}
              type="file"
              multiple
              hidden
              accept={IMAGE_ACCEPT}
              aria-label="Image files to add as pages"
              data-testid="add-pages-input"
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                void imports.run(files);
              }}
            />
            <WorkspaceTools canComment={page !== null} />
          </AppHeader>
        }
        banner={banner}
        sidebar={
          <>
            <Counters key={id} commentTotal={design?.commentCount} />
            <PagesList
              renderTools={(p, index, count) => (
                <PageTools
                  page={p}
                  index={index}
                  count={count}
                  actions={pageActions}
                  onRename={() => setRenaming(p.id)}
                />
              )}
              renderEditor={(p) =>
                renaming === p.id ? (
                  <PageRenameForm
                    page={p}
                    onSubmit={(name) => pageActions.rename(p, name)}
                    onDone={() => setRenaming(null)}
                  />
                ) : null
              }
            />
            <ReviewerList />
          </>
        }
        canvas={
          page ? (
            <Screenshot
              page={page}
              onPlace={commenting ? place : undefined}
              canMove={(c) => c.reviewerId === me}
              onMove={move}
            >
              {draft && (
                <Composer draft={draft} onSave={saveDraft} onCancel={() => setDraft(null)} />
              )}
            </Screenshot>
          ) : (
            design && (
              <div className="empty-canvas">
                <h2>Add the pages of your design</h2>
                <p>Drop PNG, JPEG or WebP screenshots here, or choose them with “Add pages…”.</p>
              </div>
            )
          )
        }
        panel={
          <CommentsPanel
            filters={<FiltersBar />}
            renderExtra={(comment, number) => (
              <CommentThread
                comment={comment}
                number={number}
                me={me}
                now={now}
                actions={threadActions}
              />
            )}
          />
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete-page' ? 'Delete page?' : 'Delete comment?'}
        message={
          pending?.kind === 'delete-page'
            ? `“${pending.page.name}” and all its comments will be deleted. This cannot be undone.`
            : 'This comment and its replies will be deleted. This cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
