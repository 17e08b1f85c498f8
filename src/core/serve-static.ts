import { stat } from 'node:fs/promises';
import { SECURITY_HEADERS } from '../shared/csp.ts';
import {
  isImmutableMedia,
  resolveAppPath,
  resolveGenerated,
  type MediaFile,
  type MediaRoots,
} from './media.ts';

/** The parts of a request that decide a static answer. */
export interface StaticRequest {
  /** The URL's path, still percent-encoded (`/media/samples/a.png`). */
  path: string;
  method: string;
}

/** A file to send as the body, with the size it had when it was looked at. */
export interface StaticFileBody {
  file: string;
  size: number;
}

/**
 * The whole answer to a static request, for a host to send as it is: a status, every
 * header (security headers, type, length, caching), and a body that is text, a file to
 * read or stream, or nothing (HEAD and refusals without a body).
 */
export interface StaticResponse {
  status: 200 | 404 | 405;
  headers: Record<string, string>;
  body: string | StaticFileBody | null;
}

/** The size of a regular file, or null when it is missing or not a file. */
export type ProbeFile = (file: string) => Promise<number | null>;

const probeDisk: ProbeFile = async (file) => {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info.size : null;
};

// Client-side routes (`/review/netflix`) are letters, digits, `-`, `_` and slashes only, so
// anything with dots or escapes (files, traversal attempts) never falls back to the app.
const ROUTE_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;

/** A plain-text refusal with the security headers; never cached. */
export function staticRefusal(status: 404 | 405, message: string): StaticResponse {
  return {
    status,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(status === 405 ? { Allow: 'GET, HEAD' } : {}),
    },
    body: message,
  };
}

/** The files a path may be answered with, in order: the file itself, then the app for routes. */
function candidates(roots: MediaRoots, urlPath: string): MediaFile[] {
  const files: MediaFile[] = [];
  const direct = resolveAppPath(roots, urlPath);
  if (direct) files.push(direct);
  if (ROUTE_PATH.test(urlPath) && !urlPath.startsWith('/media/')) {
    const index = resolveAppPath(roots, '/');
    if (index) files.push(index);
  }
  return files;
}

/**
 * Answers a request for the app's own files, the same for the `crit://` protocol and for
 * browser mode's HTTP server: GET and HEAD only (405 otherwise); generated media
 * (initials avatars); files resolved inside the renderer, resources and image roots only
 * (404 otherwise); a route path (`/review/netflix`) gets the app, so a reload works.
 * Stored images are cached for good (their name is their hash), everything else is
 * revalidated. Only `probe` touches the disk, and only for paths inside the roots.
 */
export async function serveStatic(
  roots: MediaRoots,
  request: StaticRequest,
  probe: ProbeFile = probeDisk,
): Promise<StaticResponse> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return staticRefusal(405, 'Use GET.');
  const bodyless = method === 'HEAD';
  const generated = resolveGenerated(roots, request.path);
  if (generated) {
    return {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': generated.mime, 'Cache-Control': 'no-cache' },
      body: bodyless ? null : generated.body,
    };
  }
  for (const media of candidates(roots, request.path)) {
    const size = await probe(media.file);
    if (size === null) continue;
    return {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': media.mime,
        'Content-Length': String(size),
        'Cache-Control': isImmutableMedia(request.path)
          ? 'private, max-age=31536000, immutable'
          : 'no-cache',
      },
      body: bodyless ? null : { file: media.file, size },
    };
  }
  return staticRefusal(404, 'Not found.');
}
