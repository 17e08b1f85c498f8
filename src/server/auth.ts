import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'crit-token';

/** True when the Host header names this server on loopback (guards against DNS rebinding). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return rest.join('=');
  }
  return undefined;
}

/** Where a request proved it knows the token: the query string, the cookie, or a bearer header. */
export function presentedToken(req: IncomingMessage, url: URL): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  return url.searchParams.get('token') ?? cookieToken(req);
}

/** True when the request carries the server's token. */
export function isAuthorised(req: IncomingMessage, url: URL, token: string): boolean {
  const given = presentedToken(req, url);
  return given !== undefined && safeEqual(given, token);
}

/** The cookie that lets the page's own image and API requests through after the first load. */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
