import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp.ts';
import {
  INDEX_HTML,
  INITIALS_PATH,
  INITIALS_SVG,
  TOKEN,
  raw,
  startHarness,
  type Harness,
} from './harness.ts';

let h: Harness;
let base: string;
const bearer = { Authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  h = await startHarness();
  base = h.base;
});
afterAll(() => h?.close());

interface Refusal {
  ok: false;
  error: { code: string; message: string };
}

describe('startServer: listening', () => {
  it('listens on 127.0.0.1 and reports its URL with the token', () => {
    expect(h.server.port).toBeGreaterThan(0);
    expect(h.server.token).toBe(TOKEN);
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}/?token=${TOKEN}`);
  });

  it('cannot be reached on any other address of this machine', async () => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const address of ['::1', ...others]) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address, port: h.server.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      expect(reached, address).toBe(false);
    }
  });

  it('makes up a random token and a separate random media key when none is given', async () => {
    const other = await h.another({ token: undefined });
    expect(other.token).toMatch(/^[0-9a-f]{48}$/);
    expect(other.token).not.toBe(TOKEN);
    expect(other.mediaPrefix).toMatch(/^\/m\/[0-9a-f]{48}$/);
    expect(other.mediaPrefix).not.toContain(other.token);
    expect(other.mediaPrefix).not.toBe(h.server.mediaPrefix);
    const call = (token: string) =>
      fetch(`http://127.0.0.1:${other.port}/api/samples:list`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${token}`,
          Origin: `http://127.0.0.1:${other.port}`,
        },
        body: '[]',
      });
    expect((await call(other.token)).status).toBe(200);
    expect((await call(TOKEN)).status).toBe(401);
  });
});

describe('startServer: the token travels only in the Authorization header', () => {
  it.each(['/', '/index.html', '/assets/app.js', '/media/samples/a.png'])(
    'serves the public app file %s without any secret, and sets no cookie',
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
    },
  );

  it('sets no cookie when the page is opened with its token', async () => {
    const res = await fetch(`${base}/?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['no credential', {}, ''],
    ['the token as a cookie', { Cookie: `crit-token=${TOKEN}` }, ''],
    ['the token in the query', {}, `?token=${TOKEN}`],
    ['a wrong bearer', { Authorization: `Bearer ${'0'.repeat(48)}` }, ''],
    ['a bearer prefix', { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }, ''],
    ['a longer bearer', { Authorization: `Bearer ${TOKEN}0` }, ''],
    ['an empty bearer', { Authorization: 'Bearer ' }, ''],
    ['a basic header', { Authorization: `Basic ${TOKEN}` }, ''],
  ])('refuses an API call with %s: 401 and the reconnect advice', async (_l, headers, query) => {
    const res = await fetch(`${base}/api/designs:list${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, ...headers },
      body: '[]',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const envelope = (await res.json()) as Refusal;
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe('unauthorised');
    expect(envelope.error.message).toContain('npm run serve');
  });

  it.each(['/session', '/nope.js', '/secret.txt', INITIALS_PATH, '/events', '/future/route'])(
    'closes %s (and any route not on the public list) without the token',
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(401);
      expect(((await res.json()) as Refusal).error.code).toBe('unauthorised');
    },
  );

  it('answers the page’s session call with the media prefix, and only with the token', async () => {
    const res = await fetch(`${base}/session`, { headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, value: { mediaPrefix: h.server.mediaPrefix } });
  });
});

describe('startServer: user images by capability URL', () => {
  it('serves a user image under the media key, and nowhere else without the token', async () => {
    const keyed = await fetch(`${base}${h.server.mediaPrefix}${INITIALS_PATH}`);
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('content-type')).toBe('image/svg+xml');
    expect(await keyed.text()).toBe(INITIALS_SVG);
    expect((await fetch(base + INITIALS_PATH)).status).toBe(401);
    expect((await fetch(base + INITIALS_PATH, { headers: bearer })).status).toBe(200);
  });

  it.each([
    ['a wrong key', `/m/${'0'.repeat(48)}${INITIALS_PATH}`],
    ['the API token as the key', `/m/${TOKEN}${INITIALS_PATH}`],
    ['a bundled file under the key', '/m/KEY/media/samples/a.png'],
    ['the app under the key', '/m/KEY/index.html'],
    ['traversal under the key', '/m/KEY/media/images/..%2f..%2fsecret.txt'],
  ])('does not serve %s', async (_label, p) => {
    const res = await raw(h.server.port, { path: p.replace('KEY', h.server.mediaPrefix.slice(3)) });
    expect([401, 404]).toContain(res.status);
    expect(res.body).not.toContain('DD');
    expect(res.body).not.toContain('secret');
  });

  it('does not open the API with the media key', async () => {
    const key = h.server.mediaPrefix.slice(3);
    const res = await fetch(`${base}/api/designs:list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Authorization: `Bearer ${key}` },
      body: '[]',
    });
    expect(res.status).toBe(401);
  });
});

describe('startServer: Origin on state-changing requests', () => {
  it.each([
    ['no Origin', {}],
    ['a foreign origin', { Origin: 'http://127.0.0.1:1' }],
    ['another site', { Origin: 'http://evil.example' }],
    ['the null origin', { Origin: 'null' }],
    ['https on the same port', { Origin: 'HTTPS' }],
  ])('refuses a POST with %s, even with the token', async (_label, given: { Origin?: string }) => {
    const origin = given.Origin === 'HTTPS' ? { Origin: base.replace('http:', 'https:') } : given;
    const res = await raw(h.server.port, {
      method: 'POST',
      path: '/api/profile:save',
      headers: { 'Content-Type': 'application/json', ...bearer, ...origin },
      body: '[{"name":"Mallory","role":"peer"}]',
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const profile = await fetch(`${base}/api/profile:get`, {
      method: 'POST',
      headers: h.pageHeaders,
      body: '[]',
    });
    expect(await profile.json()).toEqual({ ok: true, value: null });
  });

  it('accepts a POST from its own origin, under either loopback name', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const host = `${name}:${h.server.port}`;
      const res = await raw(h.server.port, {
        method: 'POST',
        path: '/api/samples:list',
        headers: {
          Host: host,
          Origin: `http://${host}`,
          'Content-Type': 'application/json',
          ...bearer,
        },
        body: '[]',
      });
      expect(res.status, name).toBe(200);
    }
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
  ])('refuses host %#, even for public files and with the token', async (host) => {
    for (const p of ['/', '/session']) {
      const res = await raw(h.server.port, {
        path: p,
        headers: { Host: host(h.server.port), ...bearer },
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.body).not.toContain('Crit test');
    }
  });
});
