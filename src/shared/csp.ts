/**
 * The Content-Security-Policy of the app's pages, the same in the desktop app and in
 * browser mode: only the app's own origin, no eval, no inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The opener policy's header name (browser mode leaves it off direct visits: see the server). */
export const OPENER_POLICY = 'Cross-Origin-Opener-Policy';

/**
 * Headers on every response of the app's origin, whichever host serves it (the `crit://`
 * protocol or browser mode's HTTP server), errors included. Browser mode leaves the opener
 * policy off a page the user opens directly, where no opener exists (see `server.ts`).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  // Nothing the page loads or links to learns the page's address (and any key in it).
  'Referrer-Policy': 'no-referrer',
  [OPENER_POLICY]: 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
