import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_SECURITY_POLICY } from '../shared/csp.ts';
import { decodeWire, encodeWire } from '../shared/wire.ts';
import type { Dispatch } from '../core/dispatch.ts';
import {
  isImmutableMedia,
  resolveAppPath,
  resolveGenerated,
  type MediaRoots,
} from '../core/media.ts';
import type { EventHub } from '../core/events.ts';
import { isAllowedHost, isAuthorised, tokenCookie } from './auth.ts';
import { EVENT_STREAM_PATH, streamEvents } from './event-stream.ts';

export interface ServerOptions extends MediaRoots {
  dispatch: Dispatch;
  /** Events streamed to pages at `EVENT_STREAM_PATH`. */
  events?: EventHub;
  port?: number;
  /** Fixed token, for tests; a random one otherwise. */
  token?: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function send(res: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': `${type}; charset=utf-8` });
  res.end(body);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  channel: string,
  options: ServerOptions,
): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, 'Use POST.');
  // A JSON content type cannot be sent cross-site without a preflight, which is never granted.
  if (!req.headers['content-type']?.startsWith('application/json')) {
    return send(res, 415, 'Expected application/json.');
  }
  const body = await readBody(req, options.maxBodyBytes ?? 256 * 1024 * 1024);
  if (!body) return send(res, 413, 'Request too large.');
  let args: unknown;
  try {
    args = decodeWire(body.toString('utf8'));
  } catch {
    return send(
      res,
      400,
      JSON.stringify({
        ok: false,
        error: { code: 'invalid-argument', message: 'Body is not JSON.' },
      }),
      'application/json',
    );
  }
  const envelope = await options.dispatch(channel, args);
  const status = !envelope.ok && envelope.error.code === 'unknown-channel' ? 404 : 200;
  send(res, status, encodeWire(envelope), 'application/json');
}

async function handleFile(
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  options: ServerOptions,
  setCookie: string | undefined,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Use GET.');
  const generated = resolveGenerated(options, urlPath);
  if (generated) {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': generated.mime,
      'Cache-Control': 'no-cache',
    });
    return void res.end(req.method === 'HEAD' ? undefined : generated.body);
  }
  const media = resolveAppPath(options, urlPath);
  const info = media ? await stat(media.file).catch(() => null) : null;
  if (!media || !info?.isFile()) return send(res, 404, 'Not found.');
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': media.mime,
    'Content-Length': info.size,
    'Cache-Control': isImmutableMedia(urlPath)
      ? 'private, max-age=31536000, immutable'
      : 'no-cache',
    ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(media.file).pipe(res);
}

/**
 * Serves the built renderer and the bridge contract over HTTP on 127.0.0.1 only
 * (browser mode). Every request must name this host and carry the access token.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('hex');
  let port = options.port ?? 0;
  const server = http.createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, port)) return send(res, 403, 'Host not allowed.');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!isAuthorised(req, url, token)) return send(res, 401, 'Missing or wrong access token.');
    const setCookie = url.searchParams.has('token') ? tokenCookie(token) : undefined;
    const done =
      url.pathname === EVENT_STREAM_PATH
        ? streamEvents(req, res, options.events)
        : url.pathname.startsWith('/api/')
          ? handleApi(req, res, url.pathname.slice(5), options)
          : handleFile(req, res, url.pathname, options, setCookie);
    done.catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
