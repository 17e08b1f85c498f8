import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A new random secret: 192 bits as 48 hex characters. */
export function newSecret(): string {
  return randomBytes(24).toString('hex');
}

/** True when the Host header names this server on loopback (guards against DNS rebinding). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Compares two secrets in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * True when the request carries the server's token in `Authorization: Bearer …`. That
 * header is the only place it is read from: the page adds it to each call itself, so the
 * browser never attaches it on its own to a request to another local server, as it would
 * a cookie (cookies ignore ports), and it never sits in a URL that could leak.
 */
export function isAuthorised(req: IncomingMessage, token: string): boolean {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') === true && safeEqual(auth.slice(7), token);
}

/**
 * True when a state-changing request says it comes from this server's own page: its
 * Origin is exactly the origin the (already vetted) Host header names. Browsers send
 * Origin with every POST; a request without it is not from the app.
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && req.headers.host !== undefined
    ? origin === `http://${req.headers.host}`
    : false;
}
