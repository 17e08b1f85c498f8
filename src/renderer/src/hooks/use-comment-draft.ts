import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import { suggestTag } from '../../../shared/element-map.ts';
import type { Comment, Page, Tag } from '../../../shared/domain.ts';
import type { Draft } from '../components/composer.tsx';
import type { PercentPoint } from '../components/screenshot.tsx';
import { commentModeAtom } from '../state/design-atoms.ts';
import { addCommentAtom, commentSelectionAtom } from '../state/review-atoms.ts';

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
 * it (with the tag the page's element map suggests), it belongs to that page and only
 * while commenting, and saving hands it to `create` (which makes the comment, locally
 * or through main) and then adds the comment to the review, selected.
 */
export function useCommentDraft(
  page: Page | null,
  create: (input: NewCommentInput) => Promise<Comment | undefined>,
) {
  const commenting = useAtomValue(commentModeAtom);
  const addComment = useSetAtom(addCommentAtom);
  const setSelection = useSetAtom(commentSelectionAtom);
  const [placed, setPlaced] = useState<(Draft & { pageId: string }) | null>(null);
  const draft = commenting && page && placed?.pageId === page.id ? placed : null;

  const place = useCallback(
    (point: PercentPoint) => {
      if (!page) return;
      const tag = suggestTag(page.elements, point.x, point.y) ?? 'main';
      setPlaced({ ...point, pageId: page.id, tag });
    },
    [page],
  );

  const save = async ({ tag, contents }: { tag: Tag; contents: string }) => {
    if (!draft) return false;
    const comment = await create({ pageId: draft.pageId, x: draft.x, y: draft.y, tag, contents });
    if (!comment) return false;
    addComment({ reviewerId: comment.reviewerId, comment });
    setPlaced(null);
    setSelection({ id: comment.id, from: 'pin' });
    return true;
  };

  return {
    draft,
    /** Set in comment mode: where a click on the screenshot goes. */
    place: commenting && page ? place : undefined,
    save,
    cancel: () => setPlaced(null),
  };
}
