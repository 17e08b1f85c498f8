import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp.ts';
import type { Review, SampleCard } from '../../../src/shared/domain.ts';
import { decodeWire } from '../../../src/shared/wire.ts';

const TOKEN = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6';
const INDEX_HTML = '<!doctype html><title>Crit test</title>';
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let tmp: string;
let server: RunningServer;
let base: string;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with exactly the path and headers given (fetch would normalise both). */
function raw(
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
  port = server.port,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
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

const bearer = { Authorization: `Bearer ${TOKEN}` };

function api(channel: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...bearer, ...headers },
    body,
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'crit-server-'));
  const rendererDir = path.join(tmp, 'renderer');
  const resourcesDir = path.join(tmp, 'resources');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await mkdir(path.join(resourcesDir, 'samples'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(resourcesDir, 'samples', 'a.png'), PNG_BYTES);
  await writeFile(path.join(resourcesDir, 'secret.txt'), 'resources secret');
  await writeFile(path.join(tmp, 'secret.txt'), 'tmp secret');
  server = await startServer({
    dispatch: createDispatch(
      createHandlers({ resourcesDir, dataDir: path.join(tmp, 'data') }),
      () => {},
    ),
    port: 0,
    rendererDir,
    resourcesDir,
    token: TOKEN,
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('startServer: listening', () => {
  it('listens on 127.0.0.1 and reports its URL with the token', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.token).toBe(TOKEN);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
  });

  it('cannot be reached on any other address of this machine', async () => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const address of ['::1', ...others]) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address, port: server.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      expect(reached, address).toBe(false);
    }
  });

  it('makes up a random token when none is given', async () => {
    const other = await startServer({
      dispatch: createDispatch(createHandlers({ resourcesDir: tmp, dataDir: tmp })),
      rendererDir: path.join(tmp, 'renderer'),
      resourcesDir: path.join(tmp, 'resources'),
    });
    try {
      expect(other.token).toMatch(/^[0-9a-f]{48}$/);
      expect(other.token).not.toBe(TOKEN);
      expect(other.url).toBe(`http://127.0.0.1:${other.port}/?token=${other.token}`);
      expect((await fetch(other.url)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${other.port}/?token=${TOKEN}`)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('startServer: access token', () => {
  it.each(['/', '/index.html', '/media/samples/a.png', '/assets/app.js'])(
    'refuses GET %s without the token',
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).not.toContain('Crit test');
    },
  );

  it('refuses an API call without the token, before running it', async () => {
    const res = await fetch(`${base}/api/samples:list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('netflix');
  });

  it('serves the page for ?token= and sets a strict HttpOnly cookie', async () => {
    const res = await fetch(`${base}/?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(INDEX_HTML);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie.startsWith(`crit-token=${TOKEN};`)).toBe(true);
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
  });

  it('lets the cookie through for pages, media and the API', async () => {
    const first = await fetch(`${base}/?token=${TOKEN}`);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toBe(`crit-token=${TOKEN}`);

    const page = await fetch(`${base}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();

    const image = await fetch(`${base}/media/samples/a.png`, { headers: { Cookie: cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const call = await fetch(`${base}/api/samples:list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `other=1; ${cookie}` },
      body: '[]',
    });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { ok: boolean }).ok).toBe(true);
  });

  it.each([
    ['a wrong query token', `/?token=${'0'.repeat(TOKEN.length)}`, {}],
    ['a token prefix', `/?token=${TOKEN.slice(0, -1)}`, {}],
    ['a longer token', `/?token=${TOKEN}0`, {}],
    ['an empty token', '/?token=', {}],
    ['a wrong cookie', '/', { Cookie: 'crit-token=nope' }],
    ['a cookie under another name', '/', { Cookie: `token=${TOKEN}` }],
    ['a wrong bearer', '/', { Authorization: 'Bearer nope' }],
    ['a basic header', '/', { Authorization: `Basic ${TOKEN}` }],
  ])('refuses %s', async (_label, p, headers) => {
    const res = await fetch(base + p, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('accepts Authorization: Bearer <token>', async () => {
    const res = await fetch(`${base}/media/samples/a.png`, { headers: bearer });
    expect(res.status).toBe(200);
    expect((await api('samples:list', '[]')).status).toBe(200);
  });
});

describe('startServer: Host header', () => {
  it.each([
    (port: number) => `evil.example:${port}`,
    (port: number) => `127.0.0.1.evil:${port}`,
    (port: number) => `127.0.0.1:${port + 1}`,
    () => '127.0.0.1',
    (port: number) => `localhost.evil.example:${port}`,
    (port: number) => `[::1]:${port}`,
  ])('refuses host %#, even with the token', async (host) => {
    const res = await raw({ path: `/?token=${TOKEN}`, headers: { Host: host(server.port) } });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.body).not.toContain('Crit test');
  });

  it('refuses a foreign host on the API too', async () => {
    const res = await raw({
      method: 'POST',
      path: '/api/samples:list',
      headers: { Host: 'evil.example', 'Content-Type': 'application/json', ...bearer },
      body: '[]',
    });
    expect(res.status).toBe(403);
  });

  it.each(['127.0.0.1', 'localhost'])('accepts %s with the right port', async (name) => {
    const res = await raw({ path: '/', headers: { Host: `${name}:${server.port}`, ...bearer } });
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('startServer: API', () => {
  it('answers a POST with the call’s envelope', async () => {
    const res = await api('samples:list', '[]');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const envelope = decodeWire(await res.text()) as { ok: true; value: SampleCard[] };
    expect(envelope.ok).toBe(true);
    expect(envelope.value.map((c) => c.key)).toEqual(['netflix', 'gemini']);
  });

  it('passes arguments through to the handler', async () => {
    const res = await api('samples:open', '["gemini"]');
    const envelope = decodeWire(await res.text()) as { ok: true; value: Review };
    expect(envelope.ok).toBe(true);
    expect(envelope.value.title).toBe('Gemini UI');
    expect(envelope.value.pages.map((p) => p.name)).toEqual(['main', 'chat']);
    expect(envelope.value.reviewers).toHaveLength(4);
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with 405', async (method) => {
    const res = await fetch(`${base}/api/samples:list`, { method, headers: bearer });
    expect(res.status).toBe(405);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])('refuses %s with 415', async (_label, type) => {
    const res = await fetch(`${base}/api/samples:list`, {
      method: 'POST',
      headers: { 'Content-Type': type, ...bearer },
      body: '[]',
    });
    expect(res.status).toBe(415);
  });

  it('refuses a POST without a content type with 415', async () => {
    const res = await raw({
      method: 'POST',
      path: '/api/samples:list',
      headers: bearer,
      body: '[]',
    });
    expect(res.status).toBe(415);
  });

  it.each([
    ['not JSON', 'not json'],
    ['truncated JSON', '["gem'],
    ['an empty body', ''],
    ['a malformed byte field', '[{"$bytes":"A"}]'],
  ])('answers %s with 400 invalid-argument', async (_label, body) => {
    const res = await api('samples:open', body);
    expect(res.status).toBe(400);
    const envelope = (await res.json()) as { ok: boolean; error: { code: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe('invalid-argument');
  });

  it.each(['samples:nope', 'nope', '__proto__:x', 'samples:constructor'])(
    'answers the unknown channel %s with 404 unknown-channel',
    async (channel) => {
      const res = await api(channel, '[]');
      expect(res.status).toBe(404);
      const envelope = (await res.json()) as { ok: boolean; error: { code: string } };
      expect(envelope).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    },
  );

  it.each([
    ['a number', '[42]'],
    ['too many arguments', '["netflix", 1]'],
    ['an object', '{"0":"netflix"}'],
    ['no arguments', '[]'],
  ])('answers bad arguments (%s) with invalid-argument', async (_label, body) => {
    const res = await api('samples:open', body);
    expect(res.status).toBe(200);
    const envelope = (await res.json()) as {
      ok: boolean;
      error: { code: string; message: string };
    };
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe('invalid-argument');
    expect(envelope.error.message).toContain('samples:open');
  });

  it('refuses a body over the size limit with 413', async () => {
    const small = await startServer({
      dispatch: createDispatch(createHandlers({ resourcesDir: tmp, dataDir: tmp })),
      rendererDir: path.join(tmp, 'renderer'),
      resourcesDir: path.join(tmp, 'resources'),
      token: TOKEN,
      maxBodyBytes: 64,
    });
    try {
      const url = `http://127.0.0.1:${small.port}/api/samples:open`;
      const headers = { 'Content-Type': 'application/json', ...bearer };
      const over = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(['x'.repeat(100)]),
      });
      expect(over.status).toBe(413);
      const under = await fetch(url, { method: 'POST', headers, body: '["gemini"]' });
      expect(under.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('startServer: headers and files', () => {
  it.each([
    ['a page', () => fetch(`${base}/`, { headers: bearer })],
    ['an image', () => fetch(`${base}/media/samples/a.png`, { headers: bearer })],
    ['an API call', () => api('samples:list', '[]')],
    ['a refusal', () => fetch(`${base}/`)],
    ['a missing file', () => fetch(`${base}/nope.js`, { headers: bearer })],
  ])('sends the Content-Security-Policy with %s', async (_label, request) => {
    const res = await request();
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('serves renderer assets and answers missing files with 404', async () => {
    const js = await fetch(`${base}/assets/app.js`, { headers: bearer });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1);');
    expect((await fetch(`${base}/missing.png`, { headers: bearer })).status).toBe(404);
    expect((await fetch(`${base}/assets`, { headers: bearer })).status).toBe(404);
  });

  it('answers HEAD without a body', async () => {
    const res = await raw({ method: 'HEAD', path: '/media/samples/a.png', headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(res.body).toBe('');
  });

  it('refuses to POST to a file', async () => {
    const res = await raw({ method: 'POST', path: '/', headers: bearer, body: 'x' });
    expect(res.status).toBe(405);
  });

  it.each([
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%2f..%2fetc%2fpasswd',
    '/..%5csecret.txt',
    '/%5c..%5c..%5csecret.txt',
    '/media/samples/../../secret.txt',
    '/media/samples/..%2f..%2fsecret.txt',
    '/media/samples/%2e%2e/%2e%2e/secret.txt',
    '/media/samples/..%5c..%5csecret.txt',
    '/media/samples/a.png%00.html',
    '/media/samples/%E0%A4%A',
    '/media/secret.txt',
    '/media/samples/',
  ])('does not serve files outside the roots for %s', async (p) => {
    const res = await raw({ path: p, headers: bearer });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });
});
