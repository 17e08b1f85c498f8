import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { DesignSummary, SampleCard as SampleCardData } from '../../../shared/domain.ts';
import { api } from '../bridge/api.ts';
import { AppHeader } from '../components/app-header.tsx';
import { ErrorNote } from '../components/error-note.tsx';
import { NewDesignDialog } from '../components/new-design-dialog.tsx';
import { OpenPackageButton } from '../components/package-host.tsx';
import { SampleCard } from '../components/sample-card.tsx';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import { useNow } from '../hooks/use-now.ts';
import { useOpenPackages } from '../hooks/use-package-open.ts';
import { addPackageNoticeAtom } from '../state/package-atoms.ts';
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
  const addNotice = useSetAtom(addPackageNoticeAtom);
  // Review packages can be dropped anywhere on the screen; images belong in a design.
  const drop = useFileDrop(
    () =>
      addNotice({
        kind: 'info',
        message: 'Only review packages (.critpkg) open here. Add images to a design instead.',
      }),
    useOpenPackages(),
  );
  useEffect(() => {
    const fail = (e: Error) => setError(e.message);
    api.samples.list().then(setSamples, fail);
    api.designs.list().then(setDesigns, fail);
  }, []);
  return (
    <div
      className={drop.active ? 'landing-screen landing-screen--drop' : 'landing-screen'}
      data-testid="landing-screen"
      {...drop.handlers}
    >
      <AppHeader userAvatar={profile?.avatar} userName={profile?.name} />
      <main className="landing">
        <section className="hero" aria-labelledby="hero-title">
          <h1 id="hero-title" className="hero__title" elementtiming="landing-headline">
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
            <div className="section-head__actions">
              <OpenPackageButton />
              <button
                type="button"
                className="button button--primary"
                onClick={() => setCreating(true)}
              >
                New design
              </button>
            </div>
          </div>
          {designs?.length === 0 && (
            <p className="empty-note">No designs yet. Create one and bring in its screenshots.</p>
          )}
          <ul className="card-grid">
            <Suspense fallback={null}>
              {designs?.map((design) => (
                <DesignCard
                  key={design.id}
                  design={design}
                  now={now}
                  onChanged={(changed) =>
                    setDesigns(
                      (list) => list?.map((d) => (d.id === changed.id ? changed : d)) ?? null,
                    )
                  }
                  onDuplicated={(copy) => setDesigns((list) => [copy, ...(list ?? [])])}
                  onDeleted={(id) => setDesigns((list) => list?.filter((d) => d.id !== id) ?? null)}
                  onError={setError}
                />
              ))}
            </Suspense>
          </ul>
        </section>
      </main>
      <NewDesignDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
