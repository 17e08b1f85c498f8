import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import type { Comment, Page } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { CaptureControl } from '../components/capture-control.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import { CommentsPanel } from '../components/comments-panel.tsx';
import { DraftComposer } from '../components/composer.tsx';
import { Counters } from '../components/counters.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { ExportReport } from '../components/export-report.tsx';
import { FiltersBar } from '../components/filters-bar.tsx';
import { PageRenameForm, PageTools } from '../components/page-tools.tsx';
import { PagesList } from '../components/pages-list.tsx';
import { PrintComments } from '../components/print-comments.tsx';
import { ReviewerList } from '../components/reviewer-list.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import { WorkspaceLayout } from '../components/workspace-layout.tsx';
import { WorkspaceTools } from '../components/workspace-tools.tsx';
import { useActionStatus } from '../hooks/use-action-status.ts';
import { useCommentActions } from '../hooks/use-comment-actions.ts';
import { useCommentDraft } from '../hooks/use-comment-draft.ts';
import { useDesignOwner } from '../hooks/use-design-owner.ts';
import { useDesignManagement } from '../hooks/use-design-management.tsx';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import { IMAGE_ACCEPT, useImageImport } from '../hooks/use-image-import.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import { useMenuCommand } from '../hooks/use-menu-command.ts';
import { useNow } from '../hooks/use-now.ts';
import { useOpenDesign } from '../hooks/use-open-design.ts';
import { usePackageExport } from '../hooks/use-package-export.ts';
import { useOpenPackages } from '../hooks/use-package-open.ts';
import { usePageActions } from '../hooks/use-page-actions.ts';
import { usePinKeys } from '../hooks/use-pin-keys.ts';
import { usePrint } from '../hooks/use-print.ts';
import { designCommentTotalAtom, updateCommentAtom } from '../state/design-atoms.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import { selectedPageAtom } from '../state/review-atoms.ts';
import './design-review-screen.css';
import { ImagePlus, Send } from 'lucide-react';
import { ToolLabel } from '../components/tool-label.tsx';

type Pending =
  { kind: 'delete-page'; page: Page } | { kind: 'delete-comment'; comment: Comment } | null;

/** The design screen's actions, each with its own busy and error state. */
type ActionKind =
  | 'open'
  | 'load-page'
  | 'rename'
  | 'move'
  | 'replace'
  | 'delete-page'
  | 'save-comment'
  | 'comment'
  | 'delete-comment'
  | 'export'
  | 'mark-seen';

/** Route `/designs/:id`: one of the user's designs, to import into and comment on. */
export function DesignReviewScreen({ id }: { id: string }) {
  const page = useAtomValue(selectedPageAtom);
  const profile = useAtomValue(profileAtom);
  const commentTotal = useAtomValue(designCommentTotalAtom);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const status = useActionStatus<ActionKind>();
  const fileRef = useRef<HTMLInputElement>(null);
  const now = useNow();
  const me = profile?.reviewerId ?? null;
  // Ctrl/Cmd+P prints the page on screen with all its comments (see print.css).
  const printing = usePrint();
  const manage = useDesignManagement();
  const showComment = useSetAtom(updateCommentAtom);

  const { design, refreshDesign } = useOpenDesign(
    id,
    status.of('open').run,
    status.of('load-page').run,
  );
  const pageTools = usePageActions(id, status.of, (p) =>
    setPending({ kind: 'delete-page', page: p }),
  );
  const comments = useCommentActions(status.of('comment'), (c) =>
    setPending({ kind: 'delete-comment', comment: c }),
  );
  const canMove = (c: Comment) => c.reviewerId === me;
  const pinKeys = usePinKeys({ page, canMove, preview: showComment, save: comments.move });
  const imports = useImageImport(pageTools.importOne);
  // In a design from someone else's package the pages are theirs: main refuses changes.
  const { pagesLocked } = useDesignOwner(design);
  const [lockedNote, setLockedNote] = useState<string | null>(null);
  const addPages = (then: () => void) => (pagesLocked ? setLockedNote(pagesLocked) : then());
  const drop = useFileDrop((files) => addPages(() => void imports.run(files)), useOpenPackages());
  // File › Import pages… opens the same chooser as "Add pages…"; only here, with a design open.
  useMenuCommand('import-pages', () => addPages(() => fileRef.current?.click()));
  const exporter = usePackageExport(id, status.of('export').run);
  useMenuCommand('export-package', exporter.start);
  useMarkSeen(id, page?.id ?? null, status.of('mark-seen').run);
  const draft = useCommentDraft(page, ({ pageId, x, y, tag, contents }) =>
    status.of('save-comment').run(() => api.comments.add({ pageId, tag, contents, x, y })),
  );

  const confirmPending = async () => {
    const what = pending;
    setPending(null);
    if (what?.kind === 'delete-page') {
      // The counts change with the page's comments, which may not all be loaded.
      if (await pageTools.deleteConfirmed(what.page))
        await status.of('delete-page').run(refreshDesign);
    } else if (what?.kind === 'delete-comment') {
      const { attempt } = status.of('delete-comment');
      await comments.deleteConfirmed(what.comment, attempt);
    }
  };

  const banner = (
    <>
      {imports.progress && (
        <output className="status-line">
          Adding pages: {imports.progress.done} of {imports.progress.total} done
          {imports.progress.detail && ` (${imports.progress.detail})`}…
        </output>
      )}
      {page?.source?.note && (
        <output className="status-line">This page was captured: {page.source.note}</output>
      )}
      {exporter.progress && <output className="status-line">{exporter.progress}</output>}
      {lockedNote && <ErrorNote message={lockedNote} onDismiss={() => setLockedNote(null)} />}
      {imports.errors.length > 0 && (
        <ErrorNote
          message={`Some files were not added. ${imports.errors.join(' ')}`}
          onDismiss={imports.clearErrors}
        />
      )}
      {manage.error && <ErrorNote message={manage.error} onDismiss={manage.clearError} />}
      {status.errors.map(({ kind, message }) => (
        <ErrorNote key={kind} message={message} onDismiss={() => status.dismiss(kind)} />
      ))}
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
            <button
              type="button"
              className="button"
              disabled={pagesLocked !== null}
              title={pagesLocked ?? 'Add pages…'}
              onClick={() => fileRef.current?.click()}
            >
              <ToolLabel icon={ImagePlus} text="Add pages…" />
            </button>
            <button
              type="button"
              className="button"
              disabled={!design || exporter.progress !== null}
              title="Send for review…"
              onClick={exporter.start}
            >
              <ToolLabel icon={Send} text="Send for review…" />
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
            <CaptureControl designId={id} />
            <ExportReport designId={id} disabled={!design} />
            {manage.menu}
            <WorkspaceTools canComment={page !== null} />
          </AppHeader>
        }
        banner={banner}
        onCanvasKeyDown={pinKeys}
        sidebar={
          <>
            <Counters key={id} commentTotal={commentTotal} likes={manage.likes} />
            {manage.about}
            <PagesList
              note={pagesLocked}
              renderTools={
                pagesLocked
                  ? undefined
                  : (p, index, count) => (
                      <PageTools
                        page={p}
                        index={index}
                        count={count}
                        actions={pageTools.actions}
                        moving={status.state('move').busy}
                        onRename={setRenaming}
                      />
                    )
              }
              renderEditor={(p) =>
                renaming === p.id ? (
                  <PageRenameForm
                    page={p}
                    onSubmit={(name) => pageTools.actions.rename(p, name)}
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
            <>
              <Screenshot
                page={page}
                onPlace={draft.place}
                canMove={canMove}
                onMove={comments.move}
                everyPin={printing}
              >
                <DraftComposer draft={draft} />
              </Screenshot>
              {printing && <PrintComments pageName={page.name} />}
            </>
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
                actions={comments.thread}
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
