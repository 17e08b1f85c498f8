import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createDispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/server/server.ts';

export const TOKEN = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6';
export const INDEX_HTML = '<!doctype html><title>Crit test</title>';
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
/** A generated image the fake generator answers, standing in for a user's initials. */
export const INITIALS_PATH = '/media/initials/0190a1b2-0000-7000-8000-000000000001.svg';
export const INITIALS_SVG = '<svg>DD</svg>';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with exactly the path and headers given (fetch would normalise both). */
export function raw(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        // A fresh connection each time: no reuse of one the server has just closed.
        agent: false,
        headers: { Host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A server on a fake install (renderer, resources, a secret beside them) and real handlers. */
export interface Harness {
  tmp: string;
  server: RunningServer;
  base: string;
  /** The headers the page sends with a call: token, JSON, its own origin. */
  pageHeaders: Record<string, string>;
  /** Starts another server on the same install with other options. */
  another(options?: Partial<ServerOptions>): Promise<RunningServer>;
  close(): Promise<void>;
}

export async function startHarness(options: Partial<ServerOptions> = {}): Promise<Harness> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'crit-server-'));
  const rendererDir = path.join(tmp, 'renderer');
  const resourcesDir = path.join(tmp, 'resources');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await mkdir(path.join(resourcesDir, 'samples'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(resourcesDir, 'samples', 'a.png'), PNG_BYTES);
  await writeFile(path.join(resourcesDir, 'secret.txt'), 'resources secret');
  await writeFile(path.join(tmp, 'secret.txt'), 'tmp secret');
  const base: ServerOptions = {
    dispatch: createDispatch(
      createHandlers({ resourcesDir, dataDir: path.join(tmp, 'data') }),
      () => {},
    ),
    port: 0,
    rendererDir,
    resourcesDir,
    generated: (p) => (p === INITIALS_PATH ? INITIALS_SVG : null),
    token: TOKEN,
  };
  const servers: RunningServer[] = [];
  const another = async (more: Partial<ServerOptions> = {}) => {
    const started = await startServer({ ...base, ...more });
    servers.push(started);
    return started;
  };
  const server = await another(options);
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    tmp,
    server,
    base: origin,
    pageHeaders: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${server.token}`,
      Origin: origin,
    },
    another,
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
