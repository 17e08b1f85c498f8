import { useAtom, useAtomValue } from 'jotai';
import type { MouseEvent } from 'react';
import { reviewersAtom, selectedReviewerIdAtom } from '../state/review-atoms.ts';
import { Avatar } from './avatar.tsx';
import './side-section.css';
import './reviewer-list.css';

/**
 * REVIEWERS: clicking one filters to them and outlines the avatar; clicking the
 * section's empty area (or "All reviewers") goes back to everyone.
 */
export function ReviewerList() {
  const reviewers = useAtomValue(reviewersAtom);
  const [selectedId, select] = useAtom(selectedReviewerIdAtom);
  const clearOnBackground = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('button')) select(null);
  };
  return (
    // The background click is a pointer shortcut; keyboard users have "All reviewers".
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <section
      className="side-section side-section--reviewers"
      aria-labelledby="reviewers-heading"
      data-testid="reviewers-section"
      onClick={clearOnBackground}
    >
      <h2 id="reviewers-heading" className="side-section__title">
        Reviewers
      </h2>
      <ul className="reviewer-list">
        {reviewers.map((reviewer) => (
          <li key={reviewer.id}>
            <button
              type="button"
              className="reviewer-list__item"
              aria-pressed={reviewer.id === selectedId}
              onClick={() => select(reviewer.id)}
            >
              <Avatar src={reviewer.img} alt="" size={28} />
              <span>{reviewer.name}</span>
              {reviewer.role === 'expert' && <span className="role-badge">expert</span>}
            </button>
          </li>
        ))}
      </ul>
      {selectedId !== null && (
        <button type="button" className="link-button" onClick={() => select(null)}>
          All reviewers
        </button>
      )}
    </section>
  );
}
