import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import type { MediaRoots } from '../core/media.ts';
import { serveStatic, type ProbeFile } from '../core/serve-static.ts';
import { SECURITY_HEADERS } from '../shared/csp.ts';
import { APP_HOST, APP_SCHEME } from './app-url.ts';

/** The parts of a protocol request the handler looks at. */
export interface AppRequest {
  url: string;
  method: string;
}

/** The disk access the handler needs; tests pass fakes to see what would be read. */
export interface AppFiles {
  probe?: ProbeFile;
  read?: (file: string) => Promise<Uint8Array<ArrayBuffer> | null>;
}

const readFromDisk = (file: string) => readFile(file).catch(() => null);

function refusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * The path of a request for the app's origin, or null when the URL is not `crit://app/…`
 * (another host, credentials in the URL, another scheme).
 */
export function appPathOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const ours =
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    !parsed.username &&
    !parsed.password;
  return ours ? parsed.pathname : null;
}

/**
 * Builds the `crit://` request handler: a thin adapter over the shared static-file
 * module (`src/core/serve-static.ts`), which decides status, headers and body. This
 * host adds only its own rule: `crit://app` is the one origin (403 otherwise).
 */
export function createAppRequestHandler(
  roots: MediaRoots,
  files: AppFiles = {},
): (request: AppRequest) => Promise<Response> {
  const read = files.read ?? readFromDisk;
  return async (request) => {
    const path = appPathOf(request.url);
    if (path === null) return refusal(403, 'Forbidden.');
    const answer = await serveStatic(roots, { path, method: request.method }, files.probe);
    if (answer.body === null || typeof answer.body === 'string') {
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
    const bytes = await read(answer.body.file);
    // Gone between the look and the read: answer as if it had never been there.
    if (!bytes) return refusal(404, 'Not found.');
    const headers = { ...answer.headers, 'Content-Length': String(bytes.byteLength) };
    return new Response(bytes, { status: answer.status, headers });
  };
}

/** Serves the app and its bundled media on `crit://app/` in the default session. */
export function registerAppProtocol(roots: MediaRoots): void {
  const handler = createAppRequestHandler(roots);
  protocol.handle(APP_SCHEME, (request) =>
    handler(request).catch((error: unknown) => {
      console.error(error);
      return refusal(500, 'Internal error.');
    }),
  );
}
