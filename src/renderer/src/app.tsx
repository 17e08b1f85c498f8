import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { LandingScreen } from './screens/landing-screen.tsx';
import { SampleReviewScreen } from './screens/sample-review-screen.tsx';

/** Hash routes, so the same build works from the app's protocol and from browser mode. */
export function App() {
  return (
    <Router hook={useHashLocation}>
      <Switch>
        <Route path="/review/:name?">{(params) => <SampleReviewScreen name={params.name} />}</Route>
        <Route path="/review">{() => <SampleReviewScreen name={undefined} />}</Route>
        <Route>
          <LandingScreen />
        </Route>
      </Switch>
    </Router>
  );
}
