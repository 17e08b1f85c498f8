// The base styles come first, so each component's own styles, imported with it, follow.
import './base.css';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { isDesktop } from './bridge/api.ts';
import { SessionGate } from './bridge/session-gate.tsx';
import { startSession } from './bridge/session.ts';

// Browser mode settles its session (token, image prefix) before the first render.
void (isDesktop ? Promise.resolve() : startSession()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SessionGate>
        <Provider>
          <App />
        </Provider>
      </SessionGate>
    </StrictMode>,
  ),
);
