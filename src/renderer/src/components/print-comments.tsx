import { useAtomValue } from 'jotai';
import type { Comment } from '../../../shared/domain.ts';
import { reviewerInfoByIdAtom, visibleCommentsAtom } from '../state/review-atoms.ts';
import './print.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What paper shows under the screenshot: every comment the pins show, in their
 * numbers' order, with replies. The list on screen renders only the cards in view, so
 * printing has this one, made only while printing.
 */
export function PrintComments({ pageName }: { pageName: string }) {
  const comments = useAtomValue(visibleCommentsAtom);
  const person = useAtomValue(reviewerInfoByIdAtom);
  const who = (reviewerId: string) => {
    const r = person(reviewerId);
    return r ? `${r.name}${r.role ? ` (${r.role})` : ''}` : 'Unknown reviewer';
  };
  const card = (comment: Comment, number: number) => (
    <li key={comment.id} value={number}>
      <article className="print-card" aria-label={`Comment ${number}`}>
        <p className="print-card__meta">
          <span className="print-card__number">{number}</span> {comment.tag} · {comment.status} ·{' '}
          <strong>{who(comment.reviewerId)}</strong> · {when(comment.created_at)}
        </p>
        <p className="print-card__text">{comment.contents}</p>
        {comment.replies.map((reply) => (
          <div key={reply.id} className="print-card__reply">
            <p className="print-card__meta">
              <strong>{who(reply.reviewerId)}</strong> · {when(reply.created_at)}
            </p>
            <p className="print-card__text">{reply.contents}</p>
          </div>
        ))}
      </article>
    </li>
  );
  return (
    <section className="print-comments" data-testid="print-comments" aria-label="Comments to print">
      <h2 className="print-comments__title">
        {pageName}: {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
      </h2>
      <ol className="print-comments__list">
        {comments
          // A design's pins carry their stable number; a sample's are numbered by place.
          .map((c, i) => [c, c.number ?? i + 1] as const)
          .toSorted((a, b) => a[1] - b[1])
          .map(([c, number]) => card(c, number))}
      </ol>
    </section>
  );
}
