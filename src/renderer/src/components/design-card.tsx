import { Ellipsis } from 'lucide-react';
import { Link } from 'wouter';
import { mediaUrl } from '../bridge/media-url.ts';
import type { DesignSummary } from '../../../shared/domain.ts';
import { timeSince } from '../../../shared/relative-time.ts';
import { useDesignActions } from '../hooks/use-design-actions.tsx';
import { MenuButton } from './menu-button.tsx';
import './card.css';
import './menu-button.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

interface DesignCardProps {
  design: DesignSummary;
  now: number;
  onChanged: (design: DesignSummary) => void;
  onDuplicated: (copy: DesignSummary) => void;
  onDeleted: (id: string) => void;
  onError: (message: string) => void;
}

/**
 * One of the user's designs on the landing screen: cover, name, description, counts,
 * last activity, and a menu to rename, describe, duplicate or delete it.
 */
export function DesignCard({ design, now, ...callbacks }: DesignCardProps) {
  const actions = useDesignActions(design, callbacks);
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
        <div className="card__text">
          <h3 className="card__name">
            <Link href={`/designs/${design.id}`} className="card__link">
              {design.name}
            </Link>
          </h3>
          {design.description && <p className="card__description">{design.description}</p>}
          <p className="card__meta">
            {plural(design.pageCount, 'page')} · {plural(design.commentCount, 'comment')} ·{' '}
            <time dateTime={design.updatedAt}>updated {timeSince(design.updatedAt, now)}</time>
          </p>
        </div>
        <MenuButton
          label={`Actions for ${design.name}`}
          items={actions.items}
          className="card__menu"
        >
          <Ellipsis size={18} aria-hidden />
        </MenuButton>
      </div>
      {actions.dialogs}
    </li>
  );
}
