import { Link } from 'wouter';
import { mediaUrl } from '../bridge/media-url.ts';
import type { DesignSummary } from '../../../shared/domain.ts';
import { relativeTime } from '../../../shared/relative-time.ts';
import './card.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One of the user's designs on the landing screen: cover, name, counts, last activity. */
export function DesignCard({ design, now }: { design: DesignSummary; now: number }) {
  return (
    <li className="card">
      {design.cover ? (
        <img
          className="card__preview"
          src={mediaUrl(design.cover)}
          alt=""
          width={320}
          height={200}
        />
      ) : (
        <div className="card__preview card__preview--empty" aria-hidden="true">
          No pages yet
        </div>
      )}
      <div className="card__body">
        <div>
          <h3 className="card__name">
            <Link href={`/designs/${design.id}`} className="card__link">
              {design.name}
            </Link>
          </h3>
          <p className="card__meta">
            {plural(design.pageCount, 'page')} · {plural(design.commentCount, 'comment')} ·{' '}
            <time dateTime={design.updatedAt}>updated {relativeTime(design.updatedAt, now)}</time>
          </p>
        </div>
      </div>
    </li>
  );
}
