import { useAtomValue, useSetAtom } from 'jotai';
import type { Comment, Reply } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import type { ThreadActions } from '../components/comment-thread.tsx';
import type { PercentPoint } from '../components/screenshot.tsx';
import { removeCommentAtom, upsertCommentAtom } from '../state/design-atoms.ts';
import { allCommentsAtom } from '../state/review-atoms.ts';

type Run = <T>(action: () => Promise<T>) => Promise<T | undefined>;
type Attempt = (action: () => Promise<unknown>) => Promise<boolean>;

/**
 * What can be done to a design's comments, each through the bridge and then on screen.
 * Deleting a comment goes through `confirmDelete` first.
 */
export function useCommentActions(
  run: Run,
  attempt: Attempt,
  confirmDelete: (comment: Comment) => void,
  adjustCount: (delta: number) => void,
) {
  const upsert = useSetAtom(upsertCommentAtom);
  const removeFromView = useSetAtom(removeCommentAtom);
  const comments = useAtomValue(allCommentsAtom);

  /** Saves a change and shows the comment main answers with. */
  const update = async (change: () => Promise<Comment>) => {
    const updated = await run(change);
    if (updated) upsert(updated);
    return updated !== undefined;
  };

  const changeReplies = (commentId: string, change: (replies: Reply[]) => Reply[]) => {
    const comment = comments.find((c) => c.id === commentId);
    if (comment) upsert({ ...comment, replies: change(comment.replies) });
  };

  const thread: ThreadActions = {
    setStatus: (c, status) => update(() => api.comments.setStatus(c.id, status)),
    edit: (c, contents) => update(() => api.comments.edit(c.id, { contents })),
    remove: confirmDelete,
    reply: async (c, contents) => {
      const reply = await run(() => api.comments.reply(c.id, contents));
      if (reply) upsert({ ...c, replies: [...c.replies, reply] });
      return reply !== undefined;
    },
    editReply: async (r, contents) => {
      const updated = await run(() => api.comments.editReply(r.id, contents));
      if (updated) changeReplies(r.commentId, (rs) => rs.map((x) => (x.id === r.id ? updated : x)));
      return updated !== undefined;
    },
    removeReply: async (r) => {
      const done = await attempt(() => api.comments.removeReply(r.id));
      if (done) changeReplies(r.commentId, (rs) => rs.filter((x) => x.id !== r.id));
      return done;
    },
  };

  const deleteConfirmed = async (comment: Comment) => {
    if (!(await attempt(() => api.comments.remove(comment.id)))) return;
    removeFromView(comment.id);
    adjustCount(-1);
  };

  const move = (comment: Comment, point: PercentPoint) =>
    void update(() => api.comments.move(comment.id, point.x, point.y));

  return { thread, deleteConfirmed, move };
}
