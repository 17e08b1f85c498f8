import { atom } from 'jotai';
import type { Comment } from '../../../shared/domain.ts';
import { designAtom } from './design-atoms.ts';

/**
 * Pages of a design marked seen in main since its workspace opened. Kept by design id:
 * main's view of the design is replaced by every page change, with figures that may
 * predate the marking.
 */
const seenAtom = atom<{ designId: string | null; pages: ReadonlySet<string> }>({
  designId: null,
  pages: new Set<string>(),
});

/**
 * How many comments and replies each page of the open design has that arrived in a
 * package and are not yet seen: main's figures, less the pages marked seen since.
 * Empty for samples.
 */
export const unreadByPageAtom = atom((get) => {
  const design = get(designAtom);
  const seen = get(seenAtom);
  const counts = new Map<string, number>();
  if (!design) return counts;
  const marked = seen.designId === design.id ? seen.pages : new Set<string>();
  for (const [pageId, n] of Object.entries(design.unreadByPage))
    if (n > 0 && !marked.has(pageId)) counts.set(pageId, n);
  return counts;
});

/** Records that a page of a design was marked seen in main. */
export const pageSeenAtom = atom(
  null,
  (get, set, { designId, pageId }: { designId: string; pageId: string }) => {
    const seen = get(seenAtom);
    const pages = new Set<string>(seen.designId === designId ? seen.pages : []).add(pageId);
    set(seenAtom, { designId, pages });
  },
);

/** Forgets what was marked seen: a workspace opening takes main's figures afresh. */
export const resetSeenAtom = atom(null, (_get, set) =>
  set(seenAtom, { designId: null, pages: new Set<string>() }),
);

/** Whether a comment, or a reply to it, arrived in a review package and is not yet seen. */
export function hasUnread(comment: Comment): boolean {
  return comment.unread || comment.replies.some((r) => r.unread);
}
