import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Comment, Reply } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { relativeTime } from '../../../shared/relative-time.ts';
import { reviewerNameByIdAtom } from '../state/review-atoms.ts';
import { TextEditorForm } from './text-editor-form.tsx';
import './comment-thread.css';

/** What can be done to a comment and its replies; each resolves to whether it worked. */
export interface ThreadActions {
  setStatus: (comment: Comment, status: Comment['status']) => Promise<boolean>;
  edit: (comment: Comment, contents: string) => Promise<boolean>;
  remove: (comment: Comment) => void;
  reply: (comment: Comment, contents: string) => Promise<boolean>;
  editReply: (reply: Reply, contents: string) => Promise<boolean>;
  removeReply: (reply: Reply) => Promise<boolean>;
}

interface CommentThreadProps {
  comment: Comment;
  number: number;
  /** The local user's reviewer id: only authors edit and delete. */
  me: string | null;
  now: number;
  actions: ThreadActions;
}

/** Replies and actions under a comment card: resolve/reopen, reply, edit, delete. */
export function CommentThread({ comment, number, me, now, actions }: CommentThreadProps) {
  const nameOf = useAtomValue(reviewerNameByIdAtom);
  const [mode, setMode] = useState<'idle' | 'edit' | 'reply'>('idle');
  const [editingReply, setEditingReply] = useState<string | null>(null);
  const mine = me !== null && comment.reviewerId === me;
  const resolved = comment.status === 'resolved';
  return (
    <div className="thread">
      {mode === 'edit' ? (
        <TextEditorForm
          label={`Edit comment ${number}`}
          initial={comment.contents}
          maxLength={LIMITS.commentText}
          submitLabel="Save"
          onSubmit={async (text) => {
            const ok = await actions.edit(comment, text);
            if (ok) setMode('idle');
            return ok;
          }}
          onCancel={() => setMode('idle')}
        />
      ) : null}
      {comment.replies.length > 0 && (
        <ul className="replies" aria-label={`Replies to comment ${number}`}>
          {comment.replies.map((reply) => (
            <li key={reply.id} className="reply">
              <div className="reply__head">
                <span className="reply__name">{nameOf(reply.reviewerId)}</span>
                <time dateTime={reply.created_at}>{relativeTime(reply.created_at, now)}</time>
              </div>
              {editingReply === reply.id ? (
                <TextEditorForm
                  label="Edit reply"
                  initial={reply.contents}
                  maxLength={LIMITS.replyText}
                  submitLabel="Save"
                  onSubmit={async (text) => {
                    const ok = await actions.editReply(reply, text);
                    if (ok) setEditingReply(null);
                    return ok;
                  }}
                  onCancel={() => setEditingReply(null)}
                />
              ) : (
                <p className="reply__contents">{reply.contents}</p>
              )}
              {me === reply.reviewerId && editingReply !== reply.id && (
                <div className="thread__actions">
                  <button
                    type="button"
                    className="text-button"
                    onClick={() => setEditingReply(reply.id)}
                  >
                    Edit reply
                  </button>
                  <button
                    type="button"
                    className="text-button text-button--danger"
                    onClick={() => void actions.removeReply(reply)}
                  >
                    Delete reply
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {mode === 'reply' && (
        <TextEditorForm
          label={`Reply to comment ${number}`}
          maxLength={LIMITS.replyText}
          submitLabel="Reply"
          onSubmit={async (text) => {
            const ok = await actions.reply(comment, text);
            if (ok) setMode('idle');
            return ok;
          }}
          onCancel={() => setMode('idle')}
        />
      )}
      {mode === 'idle' && (
        <div className="thread__actions">
          <button
            type="button"
            className="text-button"
            onClick={() => void actions.setStatus(comment, resolved ? 'open' : 'resolved')}
          >
            {resolved ? 'Reopen' : 'Resolve'}
          </button>
          <button type="button" className="text-button" onClick={() => setMode('reply')}>
            Reply
          </button>
          {mine && (
            <>
              <button type="button" className="text-button" onClick={() => setMode('edit')}>
                Edit
              </button>
              <button
                type="button"
                className="text-button text-button--danger"
                onClick={() => actions.remove(comment)}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
