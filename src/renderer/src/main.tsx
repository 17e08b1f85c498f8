// The UI font ships with the app (no network, no system font); then the base styles,
// so each component's own styles, imported with it, follow.
import '@fontsource-variable/inter/wght.css';
import './base.css';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadDesignReviewScreen } from './app.tsx';
import { isDesktop } from './bridge/api.ts';
import { prefetchFromAddress } from './bridge/prefetch.ts';
import { SessionGate } from './bridge/session-gate.tsx';
import { startSession } from './bridge/session.ts';

// Browser mode's session (token, image prefix) settles beside the first render, which
// never waits for a round trip: bridge answers wait for it instead (see `session.ts`).
if (!isDesktop) void startSession();
prefetchFromAddress(window.location.hash, loadDesignReviewScreen);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionGate>
      <Provider>
        <App />
      </Provider>
    </SessionGate>
  </StrictMode>,
);
