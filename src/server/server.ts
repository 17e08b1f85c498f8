import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatch } from '../core/dispatch.ts';
import type { MediaRoots } from '../core/media.ts';
import { serveStatic, type StaticResponse } from '../core/serve-static.ts';
import { OPENER_POLICY } from '../shared/csp.ts';
import { WIRE_TABLES_HEADER, decodeWire } from '../shared/wire.ts';
import { newSecret } from './auth.ts';
import { BodyTooLarge, maxBodyFor, readBody } from './body.ts';
import { guard, type Secrets } from './guard.ts';
import { refuse, sendEnvelope, sendStatic } from './respond.ts';
import type { EventHub } from '../core/events.ts';
import { EVENT_STREAM_PATH, streamEvents } from './event-stream.ts';

export interface ServerOptions extends MediaRoots {
  dispatch: Dispatch;
  /** Events streamed to pages at `EVENT_STREAM_PATH`. */
  events?: EventHub;
  port?: number;
  /** Fixed token, for tests and `--token`; a random one otherwise. */
  token?: string;
  /** Largest request body accepted, in bytes; the largest legal call plus a margin otherwise. */
  maxBodyBytes?: number;
}

export interface RunningServer {
  /** The address to open: the page takes the token from it and then removes it. */
  url: string;
  port: number;
  token: string;
  /** Where user images are served from: `/m/<media key>`, learnt by the page from `/session`. */
  mediaPrefix: string;
  close(): Promise<void>;
}

/** What `GET /session` answers an authorised page: how to build image addresses. */
export interface SessionInfo {
  mediaPrefix: string;
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  channel: string,
  options: ServerOptions,
): Promise<void> {
  if (req.method !== 'POST') {
    return refuse(res, 405, 'invalid-argument', 'Bridge calls use POST.', { Allow: 'POST' });
  }
  // A JSON content type cannot be sent cross-site without a preflight, which is never granted.
  if (!req.headers['content-type']?.startsWith('application/json')) {
    return refuse(res, 415, 'invalid-argument', 'Bridge calls send application/json.');
  }
  let body: Buffer;
  try {
    body = await readBody(req, options.maxBodyBytes ?? maxBodyFor(channel));
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    // The rest of the body is never read, so this connection cannot carry another request.
    return refuse(
      res,
      413,
      'too-large',
      `This request is larger than any call Crit accepts (${Math.floor(error.limit / 1024 / 1024)} MiB). Nothing was changed.`,
      { Connection: 'close' },
    );
  }
  let args: unknown;
  try {
    args = decodeWire(body.toString('utf8'));
  } catch {
    return refuse(res, 400, 'invalid-argument', 'The request body is not valid JSON.');
  }
  const envelope = await options.dispatch(channel, args);
  const status = !envelope.ok && envelope.error.code === 'unknown-channel' ? 404 : 200;
  const tables = req.headers[WIRE_TABLES_HEADER.name] === WIRE_TABLES_HEADER.value;
  sendEnvelope(res, status, envelope, {}, { tables });
}

/** Answers one request: the guard first, for every path, then the route. */
async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  secrets: Secrets,
  options: ServerOptions,
): Promise<void> {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const pass = guard(req, url.pathname, port, secrets);
  if ('status' in pass) return refuse(res, pass.status, pass.code, pass.message);
  // Every route below runs only after the guard has let the request through.
  if (pass.kind === 'media') {
    return sendStatic(res, await serveStatic(options, { path: pass.path, method: req.method! }));
  }
  if (pass.kind === 'authorised' && url.pathname === EVENT_STREAM_PATH) {
    return streamEvents(req, res, options.events);
  }
  if (pass.kind === 'authorised' && url.pathname.startsWith('/api/')) {
    return handleApi(req, res, url.pathname.slice('/api/'.length), options);
  }
  if (pass.kind === 'authorised' && url.pathname === '/session') {
    if (req.method !== 'GET') return refuse(res, 405, 'invalid-argument', 'Use GET.');
    const info: SessionInfo = { mediaPrefix: `/m/${secrets.mediaKey}` };
    return sendEnvelope(res, 200, { ok: true, value: info });
  }
  const answer = await serveStatic(options, { path: url.pathname, method: req.method ?? 'GET' });
  sendStatic(res, withoutOpenerPolicyOnDirectVisits(req, answer));
}

/**
 * COOP guards a page against the window that opened it. A navigation the user started
 * (the address bar, a bookmark, the link the terminal prints: `Sec-Fetch-Site: none`)
 * has no opener, so there the header protects nothing, while it costs a fresh renderer
 * process before the first paint (about 40 ms here). Every other request keeps it, so a
 * page that another site opens, or that Crit's own page navigates to, is still cut off.
 */
function withoutOpenerPolicyOnDirectVisits(
  req: IncomingMessage,
  answer: StaticResponse,
): StaticResponse {
  if (req.headers['sec-fetch-site'] !== 'none' || req.headers['sec-fetch-mode'] !== 'navigate') {
    return answer;
  }
  const { [OPENER_POLICY]: _dropped, ...headers } = answer.headers;
  return { ...answer, headers };
}

/**
 * Serves the built renderer and the bridge contract over HTTP on 127.0.0.1 only
 * (browser mode). See `guard.ts` for who may reach what.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const secrets: Secrets = { token: options.token ?? newSecret(), mediaKey: newSecret() };
  let port = options.port ?? 0;
  const server = http.createServer((req, res) => {
    handle(req, res, port, secrets, options).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent)
        refuse(res, 500, 'internal', 'Crit failed unexpectedly. Nothing was changed.');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${secrets.token}`,
    port,
    token: secrets.token,
    mediaPrefix: `/m/${secrets.mediaKey}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
