import { errorEnvelope, type Envelope } from '../../../shared/errors.ts';

/**
 * Browser mode's access token, held by this tab alone. The page takes it from the
 * address on first load, keeps it in memory and in sessionStorage (per tab and per
 * origin, port included, so a reload keeps it and no other local server can read it),
 * and removes it from the address bar. It is sent only as a header by `authorisedFetch`,
 * never as a cookie, so the browser never hands it to another server on 127.0.0.1.
 */

const STORAGE_KEY = 'crit-token';

/** Whether this tab can talk to the server: `lost` once it has no token the server takes. */
export type SessionState = 'connecting' | 'ready' | 'lost';

let token: string | null = null;
let mediaPrefix = '';
let state: SessionState = 'ready';
let everReady = true;
const listeners = new Set<() => void>();
let settled: Promise<void> = Promise.resolve();

function setState(next: SessionState): void {
  if (next === state) return;
  state = next;
  if (next === 'ready') everReady = true;
  for (const listener of listeners) listener();
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Takes the token out of the address (keeping the hash route), or from this tab's storage. */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromAddress = url.searchParams.get('token');
  if (!fromAddress) return readStored();
  try {
    sessionStorage.setItem(STORAGE_KEY, fromAddress);
  } catch {
    // Storage refused (private mode): the token lives in memory until the tab closes.
  }
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return fromAddress;
}

/** This tab's state, for `useSyncExternalStore`. */
export function sessionState(): SessionState {
  return state;
}

/** True when the tab was connected once (then a lost session keeps the screen under a notice). */
export function wasEverConnected(): boolean {
  return everReady;
}

/** Calls `listener` whenever the state changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks the session lost: the server refused the token (it restarted, or it never was ours). */
export function markSessionLost(): void {
  setState('lost');
}

/** The prefix of user-image addresses (`/m/<media key>`); empty in the desktop app. */
export function currentMediaPrefix(): string {
  return mediaPrefix;
}

/**
 * A `fetch` on this page's origin that carries the token in `Authorization`, sends no
 * cookies, and marks the session lost when the server answers 401. Every browser-mode
 * request that needs the token (bridge calls, the session, event streams) goes through it.
 */
export async function authorisedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(path, { ...init, headers, credentials: 'omit' });
  if (response.status === 401) markSessionLost();
  return response;
}

/**
 * Resolves once the session has settled (at once in the desktop app). Bridge answers wait
 * for it, so anything drawn from them (an image address above all) sees the media prefix.
 */
export function sessionSettled(): Promise<void> {
  return settled;
}

/**
 * Starts browser mode's session: takes the token at once (so bridge calls can leave
 * beside it), asks the server (`GET /session`) for the image prefix, and settles on
 * `ready` or `lost`. The app renders without waiting for it. Never throws.
 */
export function startSession(): Promise<void> {
  everReady = false;
  state = 'connecting';
  token = takeToken();
  if (token) settled = askServer();
  else setState('lost');
  return settled;
}

async function askServer(): Promise<void> {
  let envelope: Envelope<{ mediaPrefix: string }>;
  try {
    const response = await authorisedFetch('/session');
    envelope = response.ok
      ? ((await response.json()) as Envelope<{ mediaPrefix: string }>)
      : errorEnvelope('unauthorised', response.statusText);
  } catch {
    envelope = errorEnvelope('internal', 'The server did not answer.');
  }
  if (!envelope.ok || typeof envelope.value.mediaPrefix !== 'string') return setState('lost');
  mediaPrefix = envelope.value.mediaPrefix;
  setState('ready');
}
