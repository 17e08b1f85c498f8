import { Link } from 'wouter';
import type { SampleCard as SampleCardData } from '../../../shared/domain.ts';
import { Avatar } from './avatar.tsx';
import './card.css';

/** A sample review on the landing screen; the whole card is a link named after the sample. */
export function SampleCard({ sample }: { sample: SampleCardData }) {
  return (
    // The link holds just the name; its ::after stretches over the card, so the whole card clicks.
    <li className="card">
      <img className="card__preview" src={sample.preview} alt="" width={320} height={200} />
      <div className="card__body">
        <Avatar src={sample.avatar} alt="" size={28} />
        <div>
          <h3 className="card__name">
            <Link href={`/review/${sample.key}`} className="card__link">
              {sample.name}
            </Link>
          </h3>
          <p className="card__description">{sample.description}</p>
        </div>
      </div>
    </li>
  );
}
