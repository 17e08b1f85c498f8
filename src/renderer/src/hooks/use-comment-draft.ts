import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { suggestTag } from '../../../shared/element-map.ts';
import type { Comment, Page, Tag } from '../../../shared/domain.ts';
import type { PercentPoint } from '../components/screenshot.tsx';
import { commentModeAtom } from '../state/design-atoms.ts';
import { hasWords, placeDraft, type DraftState } from '../state/draft-rules.ts';
import { addCommentAtom, commentSelectionAtom, selectedPageIdAtom } from '../state/review-atoms.ts';
import { focusCommentCard } from './focus-comment.ts';

/** What a new comment is made of once the composer is saved. */
export interface NewCommentInput {
  pageId: string;
  x: number;
  y: number;
  tag: Tag;
  contents: string;
}

/**
 * The composer's draft, shared by every review screen: a click in comment mode places
 * it (with the tag the page's element map suggests), and saving hands it to `create`
 * (which makes the comment, locally or through main) and then adds the comment to the
 * review, selected, its card focused. A draft with text is never dropped by the way: another click leads
 * back to it (on its own page), leaving comment mode or the page keeps it, and only
 * saving or discarding ends it.
 */
export function useCommentDraft(
  page: Page | null,
  create: (input: NewCommentInput) => Promise<Comment | undefined>,
) {
  const commenting = useAtomValue(commentModeAtom);
  const addComment = useSetAtom(addCommentAtom);
  const setSelection = useSetAtom(commentSelectionAtom);
  const selectPage = useSetAtom(selectedPageIdAtom);
  const [placed, setPlaced] = useState<DraftState | null>(null);
  // Counts clicks refused because a draft has text: the composer then draws attention.
  const [nudges, setNudges] = useState(0);
  const draft =
    page && placed?.pageId === page.id && (commenting || hasWords(placed)) ? placed : null;

  const place = useCallback(
    (point: PercentPoint) => {
      if (!page) return;
      const tag = suggestTag(page.elements, point.x, point.y) ?? 'main';
      const next = placeDraft(placed, { ...point, pageId: page.id, tag });
      if (next.kept) {
        if (next.draft.pageId !== page.id) selectPage(next.draft.pageId);
        setNudges((n) => n + 1);
      } else setPlaced(next.draft);
    },
    [page, placed, selectPage],
  );

  const save = async ({ tag, contents }: { tag: Tag; contents: string }) => {
    if (!draft) return false;
    const comment = await create({ pageId: draft.pageId, x: draft.x, y: draft.y, tag, contents });
    if (!comment) return false;
    addComment({ reviewerId: comment.reviewerId, comment });
    setPlaced(null);
    setSelection({ id: comment.id, from: 'pin' });
    // The keyboard goes on where the new comment is: its card (to reply, edit, resolve).
    focusCommentCard(comment.id);
    return true;
  };

  return {
    draft,
    nudges,
    /** Set in comment mode: where a click on the screenshot goes. */
    place: commenting && page ? place : undefined,
    save,
    /** Keeps what is typed (and the tag chosen) in the draft, so nothing is lost. */
    edit: (change: Partial<Pick<DraftState, 'text' | 'tag'>>) =>
      setPlaced((current) => current && { ...current, ...change }),
    cancel: () => setPlaced(null),
  };
}

/** A screen's comment draft and what can be done with it (see `useCommentDraft`). */
export type CommentDraft = ReturnType<typeof useCommentDraft>;
