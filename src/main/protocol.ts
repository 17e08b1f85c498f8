import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.ts';
import {
  isImmutableMedia,
  resolveAppPath,
  resolveGenerated,
  type MediaFile,
  type MediaRoots,
} from '../core/media.ts';
import { APP_HOST, APP_SCHEME } from './app-url.ts';

/** The parts of a protocol request the decision looks at. */
export interface AppRequest {
  url: string;
  method: string;
}

/** What to answer a request with: files to try in order, or an error status. */
export type AppResponsePlan =
  | { status: 200; files: MediaFile[]; bodyless: boolean }
  | { status: 403 | 404 | 405; message: string };

/** Headers on every response of the app's origin. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

// Client-side routes (`/review/netflix`) are letters, digits, `-`, `_` and slashes only, so
// anything with dots or escapes (files, traversal attempts) never falls back to the app.
const ROUTE_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;

/**
 * Decides how `crit://` answers a request, without touching the disk: host `app` only
 * (403 otherwise), GET/HEAD only, paths resolved inside the renderer and resources roots
 * (404 when refused). A route path also lists index.html, so reloading a screen works.
 */
export function planAppRequest(roots: MediaRoots, request: AppRequest): AppResponsePlan {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { status: 404, message: 'Not found.' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) {
    return { status: 403, message: 'Forbidden.' };
  }
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, message: 'Use GET.' };
  const files: MediaFile[] = [];
  const direct = resolveAppPath(roots, url.pathname);
  if (direct) files.push(direct);
  if (ROUTE_PATH.test(url.pathname) && !url.pathname.startsWith('/media/')) {
    const index = resolveAppPath(roots, '/');
    if (index) files.push(index);
  }
  if (files.length === 0) return { status: 404, message: 'Not found.' };
  return { status: 200, files, bodyless: method === 'HEAD' };
}

function errorResponse(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** Reads a file's bytes; null when it is missing or not a file. */
export type ReadFileBytes = (file: string) => Promise<Uint8Array<ArrayBuffer> | null>;

const readFromDisk: ReadFileBytes = (file) => readFile(file).catch(() => null);

/**
 * Builds the `crit://` request handler: the first planned file that exists is served with
 * its content type and the security headers (CSP, nosniff); otherwise a plain error.
 */
export function createAppRequestHandler(
  roots: MediaRoots,
  read: ReadFileBytes = readFromDisk,
): (request: AppRequest) => Promise<Response> {
  return async (request) => {
    const plan = planAppRequest(roots, request);
    if (plan.status === 404) {
      // Generated media (initials avatars) has no file; the plan has already vetted the host.
      const generated = resolveGenerated(roots, new URL(request.url).pathname);
      if (generated) {
        const headers = {
          ...SECURITY_HEADERS,
          'Content-Type': generated.mime,
          'Cache-Control': 'no-cache',
        };
        return new Response(request.method === 'HEAD' ? null : generated.body, {
          status: 200,
          headers,
        });
      }
    }
    if (plan.status !== 200) return errorResponse(plan.status, plan.message);
    const path = new URL(request.url).pathname;
    for (const media of plan.files) {
      const bytes = await read(media.file);
      if (!bytes) continue;
      const headers = {
        ...SECURITY_HEADERS,
        'Content-Type': media.mime,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': isImmutableMedia(path)
          ? 'private, max-age=31536000, immutable'
          : 'no-cache',
      };
      return new Response(plan.bodyless ? null : bytes, { status: 200, headers });
    }
    return errorResponse(404, 'Not found.');
  };
}

/** Serves the app and its bundled media on `crit://app/` in the default session. */
export function registerAppProtocol(roots: MediaRoots): void {
  const handler = createAppRequestHandler(roots);
  protocol.handle(APP_SCHEME, (request) =>
    handler(request).catch((error: unknown) => {
      console.error(error);
      return errorResponse(500, 'Internal error.');
    }),
  );
}
