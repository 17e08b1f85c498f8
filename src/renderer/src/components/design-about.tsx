import type { ReactNode } from 'react';
import { ClampedText } from './clamped-text.tsx';
import './side-section.css';
import './design-about.css';

/** ABOUT: the design's description in the sidebar, with a way to write or change it. */
export function DesignAbout({ description, onEdit }: { description: string; onEdit: () => void }) {
  let body: ReactNode = <p className="design-about__empty">No description yet.</p>;
  if (description) body = <ClampedText text={description} className="design-about__text" />;
  return (
    <section className="side-section" aria-labelledby="about-heading">
      <h2 id="about-heading" className="side-section__title">
        About
      </h2>
      {body}
      <button type="button" className="text-button design-about__edit" onClick={onEdit}>
        {description ? 'Edit description' : 'Add a description'}
      </button>
    </section>
  );
}
