import { useSyncExternalStore, type ReactNode } from 'react';
import { sessionState, subscribeSession, wasEverConnected } from './session.ts';
import './session-gate.css';

function ReconnectSteps() {
  return (
    <p>
      Crit’s server no longer accepts this tab: it has restarted, stopped, or this address was
      opened without its access token. In the terminal, run <code>npm run serve</code> (or look at
      the line it printed last) and open the new address it prints:{' '}
      <code>Crit is serving at http://127.0.0.1:…/?token=…</code>. Your work is saved on the server.
    </p>
  );
}

/**
 * Shows the app while browser mode's session is good or still settling (the app paints
 * while it does). Without one it explains how to reconnect: in place of the app when the
 * tab never connected, and as a banner over the app when the server went away later (so
 * nothing on screen, such as a draft, vanishes).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(subscribeSession, sessionState);
  if (state === 'lost' && !wasEverConnected()) {
    return (
      <main className="session-screen">
        <h1>Reconnect to Crit</h1>
        <ReconnectSteps />
      </main>
    );
  }
  return (
    <>
      {state === 'lost' && (
        <div className="session-banner" role="alert">
          <strong>Disconnected.</strong>
          <ReconnectSteps />
        </div>
      )}
      {children}
    </>
  );
}
