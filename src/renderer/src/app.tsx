import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { api } from './bridge/api.ts';
import { ProfileDialog } from './components/profile-dialog.tsx';
import { DesignReviewScreen } from './screens/design-review-screen.tsx';
import { LandingScreen } from './screens/landing-screen.tsx';
import { SampleReviewScreen } from './screens/sample-review-screen.tsx';
import { profileAtom } from './state/profile-atoms.ts';

/** Hash routes, so the same build works from the app's protocol and from browser mode. */
export function App() {
  const setProfile = useSetAtom(profileAtom);
  useEffect(() => {
    api.profile.get().then(setProfile, () => setProfile(null));
  }, [setProfile]);
  return (
    <Router hook={useHashLocation}>
      <Switch>
        <Route path="/review/:name?">{(params) => <SampleReviewScreen name={params.name} />}</Route>
        <Route path="/designs/:id">
          {(params) => <DesignReviewScreen key={params.id} id={params.id} />}
        </Route>
        <Route>
          <LandingScreen />
        </Route>
      </Switch>
      <ProfileDialog />
    </Router>
  );
}
