import { useSetAtom, useStore } from 'jotai';
import type { Comment, Reply } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import type { ThreadActions } from '../components/comment-thread.tsx';
import type { PercentPoint } from '../components/screenshot.tsx';
import { removeCommentAtom, updateCommentAtom } from '../state/design-atoms.ts';
import { commentStoreAtom } from '../state/review-atoms.ts';
import type { Attempt, Run } from './use-action-status.ts';

/**
 * What can be done to a design's comments, each through the bridge and then on screen.
 * Deleting a comment goes through `confirmDelete` first.
 */
export function useCommentActions(
  { run, attempt }: { run: Run; attempt: Attempt },
  confirmDelete: (comment: Comment) => void,
) {
  const update = useSetAtom(updateCommentAtom);
  const removeFromView = useSetAtom(removeCommentAtom);
  // Answers arrive later: they change the comment as it is then, not as it was rendered.
  const store = useStore();

  /** Saves a change and shows the comment main answers with. */
  const save = async (change: () => Promise<Comment>) => {
    const updated = await run(change);
    if (updated) update(updated);
    return updated !== undefined;
  };

  const changeReplies = (commentId: string, change: (replies: Reply[]) => Reply[]) => {
    const comment = store.get(commentStoreAtom).byId.get(commentId);
    if (comment) update({ ...comment, replies: change(comment.replies) });
  };

  const thread: ThreadActions = {
    setStatus: (c, status) => save(() => api.comments.setStatus(c.id, status)),
    edit: (c, contents) => save(() => api.comments.edit(c.id, { contents })),
    remove: confirmDelete,
    reply: async (c, contents) => {
      const reply = await run(() => api.comments.reply(c.id, contents));
      if (reply) changeReplies(c.id, (rs) => [...rs, reply]);
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

  /** Deletes a comment after the user confirmed, as its own action (`attemptDelete`). */
  const deleteConfirmed = async (comment: Comment, attemptDelete: Attempt) => {
    if (await attemptDelete(() => api.comments.remove(comment.id))) removeFromView(comment.id);
  };

  const move = (comment: Comment, point: PercentPoint) =>
    void save(() => api.comments.move(comment.id, point.x, point.y));

  return { thread, deleteConfirmed, move };
}
