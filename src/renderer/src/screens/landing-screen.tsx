import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DesignSummary, SampleCard as SampleCardData } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { NewDesignDialog } from '../components/new-design-dialog.tsx';
import { SampleCard } from '../components/sample-card.tsx';
import { useNow } from '../hooks/use-now.ts';
import { profileAtom } from '../state/profile-atoms.ts';
import './landing-screen.css';

// Design cards (with the date library behind their "edited 3 days ago") load beside the
// designs' list, which the first paint never waits for: the landing's own code stays small.
const DesignCard = lazy(() =>
  import('../components/design-card.tsx').then((m) => ({ default: m.DesignCard })),
);

/** Route `/`: what Crit is for, the sample reviews, and the user's own designs. */
export function LandingScreen() {
  const [samples, setSamples] = useState<SampleCardData[]>([]);
  const [designs, setDesigns] = useState<DesignSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const profile = useAtomValue(profileAtom);
  const now = useNow();
  useEffect(() => {
    const fail = (e: Error) => setError(e.message);
    api.samples.list().then(setSamples, fail);
    api.designs.list().then(setDesigns, fail);
  }, []);
  return (
    <div className="landing-screen">
      <AppHeader userAvatar={profile?.avatar} userName={profile?.name} />
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
        <section aria-labelledby="designs-title">
          <div className="section-head">
            <h2 id="designs-title" className="section-title">
              Your designs
            </h2>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setCreating(true)}
            >
              New design
            </button>
          </div>
          {designs?.length === 0 && (
            <p className="empty-note">No designs yet. Create one and bring in its screenshots.</p>
          )}
          <ul className="card-grid">
            <Suspense fallback={null}>
              {designs?.map((design) => (
                <DesignCard key={design.id} design={design} now={now} />
              ))}
            </Suspense>
          </ul>
        </section>
      </main>
      <NewDesignDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
