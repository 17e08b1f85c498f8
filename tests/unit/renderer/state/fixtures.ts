import type { DesignView } from '../../../../src/shared/contract.ts';
import type { Comment, Page, Reviewer } from '../../../../src/shared/domain.ts';

/** A comment made at minute `minute` of one morning. */
export function comment(id: string, reviewerId: string, pageId: string, minute = 0): Comment {
  return {
    id,
    contents: `comment ${id}`,
    created_at: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    reviewerId,
    pageId,
    tag: 'main',
    position: { x: 10, y: 20, page: pageId },
    status: 'open',
    unread: false,
    replies: [],
  };
}

export const reviewer = (id: string, name: string, comments: Comment[] = []): Reviewer => ({
  id,
  name,
  img: `/media/initials/${id}.svg`,
  comments,
});

export const page = (id: string): Page => ({ id, name: `page ${id}`, img: `/media/${id}.png` });

/** A design as main opens it: pages and reviewers, no comments. */
export function designView(id: string, pageIds: string[], reviewers: Reviewer[]): DesignView {
  return {
    id,
    name: `design ${id}`,
    description: '',
    pages: pageIds.map(page),
    reviewers: reviewers.map((r) => ({ ...r, comments: [] })),
    commentCount: 0,
  };
}

/** A promise the test settles when it chooses: an answer that takes its time. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
