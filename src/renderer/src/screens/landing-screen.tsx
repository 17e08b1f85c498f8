import { useEffect, useState } from 'react';
import type { SampleCard as SampleCardData } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { SampleCard } from '../components/sample-card.tsx';

/** Route `/`: what Crit is for, and the sample reviews to try it on. */
export function LandingScreen() {
  const [samples, setSamples] = useState<SampleCardData[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.samples.list().then(setSamples, (e: Error) => setError(e.message));
  }, []);
  return (
    <div className="landing-screen">
      <AppHeader />
      <main className="landing">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title">
            Get actionable feedback on your designs
          </h1>
          <p className="hero__tagline">
            Pin comments to the exact element, from the header to the last button, and hear from
            peers and experts in one place.
          </p>
        </section>
        {error && <ErrorNote message={error} />}
        <section aria-labelledby="samples-title">
          <h2 id="samples-title" className="section-title">
            Sample reviews
          </h2>
          <ul className="card-grid">
            {samples.map((sample) => (
              <SampleCard key={sample.key} sample={sample} />
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
