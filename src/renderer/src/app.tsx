import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { api } from './bridge/api.ts';
import { NewDesignFromMenu } from './components/new-design-from-menu.tsx';
import { PackageHost } from './components/package-host.tsx';
import { ProfileDialog } from './components/profile-dialog.tsx';
import { SampleLeftNotice } from './components/sample-left-notice.tsx';
import { LandingScreen } from './screens/landing-screen.tsx';
import { designReloadAtom } from './state/package-atoms.ts';
import { profileAtom } from './state/profile-atoms.ts';

// The workspaces load when first opened, so the landing screen paints without them.
const SampleReviewScreen = lazy(() =>
  import('./screens/sample-review-screen.tsx').then((m) => ({ default: m.SampleReviewScreen })),
);
/** The design workspace's code; the boot may start loading it before the first render. */
export const loadDesignReviewScreen = () => import('./screens/design-review-screen.tsx');
const DesignReviewScreen = lazy(() =>
  loadDesignReviewScreen().then((m) => ({ default: m.DesignReviewScreen })),
);

/** Hash routes, so the same build works from the app's protocol and from browser mode. */
export function App() {
  const setProfile = useSetAtom(profileAtom);
  // A package that changed the open design loads it afresh.
  const reload = useAtomValue(designReloadAtom);
  useEffect(() => {
    api.profile.get().then(setProfile, () => setProfile(null));
  }, [setProfile]);
  return (
    <Router hook={useHashLocation}>
      <Suspense fallback={null}>
        <Switch>
          <Route path="/review/:name?">
            {(params) => <SampleReviewScreen name={params.name} />}
          </Route>
          <Route path="/designs/:id">
            {(params) => <DesignReviewScreen key={`${params.id}:${reload}`} id={params.id} />}
          </Route>
          <Route>
            <LandingScreen />
          </Route>
        </Switch>
      </Suspense>
      <ProfileDialog />
      <SampleLeftNotice />
      <NewDesignFromMenu />
      <PackageHost />
    </Router>
  );
}
