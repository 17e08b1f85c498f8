import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../shared/errors.ts';
import { isAllowedHost, isAuthorised, isSameOrigin, safeEqual } from './auth.ts';

/** The secrets of one running server. */
export interface Secrets {
  /** Opens every route; the page sends it as `Authorization: Bearer …`. */
  token: string;
  /** Opens only stored and generated images, as `/m/<mediaKey>/media/…` (see below). */
  mediaKey: string;
}

/** A refusal the server sends as a typed error envelope. */
export interface Refusal {
  status: 401 | 403 | 404;
  code: ErrorCode;
  message: string;
}

/** What a request may reach once the guard lets it through. */
export type Pass = { kind: 'public' } | { kind: 'media'; path: string } | { kind: 'authorised' };

/**
 * The app's own code and bundled sample media: the same bytes for everyone who has Crit,
 * so they need no secret (and a `<script>` or `<img>` could not send one). Nothing in them
 * is user data.
 */
const PUBLIC_PATH = /^\/(?:index\.html)?$|^\/assets\/[^/]+$|^\/media\/(?:samples|avatars)\//;

/** Capability URLs for user images: the key, then the path the core gave the image. */
const MEDIA_PATH = /^\/m\/([^/]+)(\/media\/(?:images|initials)\/[^/]+)$/;

export const RECONNECT_MESSAGE =
  'This tab is not connected to the running Crit server (it may have restarted). ' +
  'Open the address that `npm run serve` printed, or run `npm run serve` again and open the new address.';

const STATE_CHANGING = (method: string | undefined) => method !== 'GET' && method !== 'HEAD';

/**
 * Decides, before any route runs, whether a request may go on. It applies to every path,
 * including routes added later: a request must name this host on loopback; anything that
 * is not GET or HEAD must come from this server's own origin; and everything but the
 * public app files needs the token (or, for a user image, the media key). A route added
 * to the server is therefore closed unless it is added to the public list here.
 */
export function guard(
  req: IncomingMessage,
  path: string,
  port: number,
  secrets: Secrets,
): Refusal | Pass {
  if (!isAllowedHost(req.headers.host, port)) {
    return { status: 403, code: 'forbidden', message: 'This host name is not served.' };
  }
  if (STATE_CHANGING(req.method) && !isSameOrigin(req)) {
    return {
      status: 403,
      code: 'forbidden',
      message: 'Changes are accepted only from the Crit page of this server (Origin check).',
    };
  }
  if (!STATE_CHANGING(req.method) && PUBLIC_PATH.test(path)) return { kind: 'public' };
  const media = MEDIA_PATH.exec(path);
  if (media && !STATE_CHANGING(req.method)) {
    // A wrong key is no resource at all; it says nothing about which keys exist.
    return safeEqual(media[1]!, secrets.mediaKey)
      ? { kind: 'media', path: media[2]! }
      : { status: 404, code: 'not-found', message: 'Not found.' };
  }
  if (isAuthorised(req, secrets.token)) return { kind: 'authorised' };
  return { status: 401, code: 'unauthorised', message: RECONNECT_MESSAGE };
}
