import { Link } from 'wouter';
import type { SampleCard as SampleCardData } from '../../../shared/domain.ts';
import { Avatar } from './avatar.tsx';

/** A sample review on the landing screen; the whole card is one link named after the sample. */
export function SampleCard({ sample }: { sample: SampleCardData }) {
  return (
    <li className="card">
      <Link href={`/review/${sample.key}`} className="card__link" aria-label={sample.name}>
        <img className="card__preview" src={sample.preview} alt="" width={320} height={200} />
        <div className="card__body">
          <Avatar src={sample.avatar} alt="" size={28} />
          <div>
            <h3 className="card__name">{sample.name}</h3>
            <p className="card__description">{sample.description}</p>
          </div>
        </div>
      </Link>
    </li>
  );
}
