import type { Comment } from '../../../shared/domain.ts';

/**
 * A review's loaded comments, keyed by id (in the order they arrived) and grouped by
 * page (each page's ids in the order it lists them). Changes copy only what they touch
 * and never sort.
 */
export interface CommentStore {
  readonly byId: ReadonlyMap<string, Comment>;
  readonly byPage: ReadonlyMap<string, readonly string[]>;
}

/** Where a new comment goes in its page's list. */
export type NewCommentPlace = 'end' | 'start';

export const EMPTY_STORE: CommentStore = { byId: new Map(), byPage: new Map() };

/** A store holding exactly these comments, in this order. */
export function storeOf(comments: readonly Comment[]): CommentStore {
  const byId = new Map<string, Comment>();
  const byPage = new Map<string, string[]>();
  for (const comment of comments) {
    if (byId.has(comment.id)) continue;
    byId.set(comment.id, comment);
    const ids = byPage.get(comment.pageId);
    if (ids) ids.push(comment.id);
    else byPage.set(comment.pageId, [comment.id]);
  }
  return { byId, byPage };
}

/** One page's comments, in the page's order. */
export function commentsOfPage(store: CommentStore, pageId: string | null): Comment[] {
  if (pageId === null) return [];
  const ids = store.byPage.get(pageId) ?? [];
  const result: Comment[] = [];
  for (const id of ids) {
    const comment = store.byId.get(id);
    if (comment) result.push(comment);
  }
  return result;
}

/** Replaces everything known of one page with what was just loaded for it. */
export function replacePage(
  store: CommentStore,
  pageId: string,
  comments: readonly Comment[],
): CommentStore {
  const old = new Set(store.byPage.get(pageId) ?? []);
  const byId = new Map<string, Comment>();
  for (const [id, comment] of store.byId) if (!old.has(id)) byId.set(id, comment);
  const ids: string[] = [];
  for (const comment of comments) {
    if (comment.pageId !== pageId)
      throw new Error('A comment loaded for a page names another page.');
    if (byId.has(comment.id)) continue;
    byId.set(comment.id, comment);
    ids.push(comment.id);
  }
  return { byId, byPage: new Map(store.byPage).set(pageId, ids) };
}

/** Forgets a page and its comments (the page was deleted). */
export function dropPage(store: CommentStore, pageId: string): CommentStore {
  const ids = store.byPage.get(pageId);
  if (!ids) return store;
  const byId = new Map(store.byId);
  for (const id of ids) byId.delete(id);
  const byPage = new Map(store.byPage);
  byPage.delete(pageId);
  return { byId, byPage };
}

/**
 * Puts a comment in place: a known id keeps its place with the new content, a new one
 * goes at `place` of its page's list.
 */
export function upsert(
  store: CommentStore,
  comment: Comment,
  place: NewCommentPlace,
): CommentStore {
  const before = store.byId.get(comment.id);
  const byId = new Map(store.byId).set(comment.id, comment);
  if (before?.pageId === comment.pageId) return { byId, byPage: store.byPage };
  const byPage = new Map(store.byPage);
  if (before)
    byPage.set(
      before.pageId,
      (byPage.get(before.pageId) ?? []).filter((id) => id !== comment.id),
    );
  const ids = byPage.get(comment.pageId) ?? [];
  byPage.set(comment.pageId, place === 'start' ? [comment.id, ...ids] : [...ids, comment.id]);
  return { byId, byPage };
}

/** Takes a comment out; an unknown id gives back the same store. */
export function remove(store: CommentStore, commentId: string): CommentStore {
  const comment = store.byId.get(commentId);
  if (!comment) return store;
  const byId = new Map(store.byId);
  byId.delete(commentId);
  const byPage = new Map(store.byPage);
  byPage.set(
    comment.pageId,
    (byPage.get(comment.pageId) ?? []).filter((id) => id !== commentId),
  );
  return { byId, byPage };
}

/** Each reviewer's comments, in the order they arrived. */
export function groupByReviewer(comments: Iterable<Comment>): Map<string, Comment[]> {
  const groups = new Map<string, Comment[]>();
  for (const comment of comments) {
    const list = groups.get(comment.reviewerId);
    if (list) list.push(comment);
    else groups.set(comment.reviewerId, [comment]);
  }
  return groups;
}
