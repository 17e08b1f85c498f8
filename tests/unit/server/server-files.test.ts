import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../../src/shared/csp.ts';
import { INDEX_HTML, PNG_BYTES, TOKEN, raw, startHarness, type Harness } from './harness.ts';

let h: Harness;
let base: string;
const bearer = { Authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  h = await startHarness();
  base = h.base;
});
afterAll(() => h?.close());

describe('startServer: headers and files', () => {
  it.each([
    ['a page', () => fetch(`${base}/`)],
    ['an image', () => fetch(`${base}/media/samples/a.png`)],
    [
      'an API call',
      () =>
        fetch(`${base}/api/samples:list`, { method: 'POST', headers: h.pageHeaders, body: '[]' }),
    ],
    ['a refusal', () => fetch(`${base}/session`)],
    ['a missing file', () => fetch(`${base}/nope.js`, { headers: bearer })],
  ])('sends every security header with %s', async (_label, request) => {
    const res = await request();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(res.headers.get(name), name).toBe(value);
    }
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('leaves the opener policy off only a page the user opened directly', async () => {
    const port = Number(new URL(base).port);
    const visit = (site: string, mode = 'navigate', path = '/') =>
      raw(port, { path, headers: { 'sec-fetch-site': site, 'sec-fetch-mode': mode } });
    const direct = await visit('none');
    expect(direct.status).toBe(200);
    expect(direct.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(direct.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    for (const site of ['cross-site', 'same-site', 'same-origin']) {
      expect((await visit(site)).headers['cross-origin-opener-policy'], site).toBe('same-origin');
    }
    const asset = await visit('none', 'no-cors', '/assets/app.js');
    expect(asset.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves renderer assets and answers missing files with 404', async () => {
    const js = await fetch(`${base}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1);');
    expect((await fetch(`${base}/missing.png`, { headers: bearer })).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`, { headers: bearer })).status).toBe(404);
    // A route path gets the app (the same rule as the desktop protocol), once authorised.
    const route = await fetch(`${base}/review/gemini`, { headers: bearer });
    expect(await route.text()).toBe(INDEX_HTML);
  });

  it('answers HEAD without a body', async () => {
    const res = await raw(h.server.port, { method: 'HEAD', path: '/media/samples/a.png' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(res.body).toBe('');
  });

  it('refuses to POST to a file', async () => {
    const res = await raw(h.server.port, {
      method: 'POST',
      path: '/',
      headers: { ...bearer, Origin: base },
      body: 'x',
    });
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
  ])('does not serve files outside the roots for %s, even with the token', async (p) => {
    for (const headers of [{}, bearer]) {
      const res = await raw(h.server.port, { path: p, headers });
      // A path that reads as a route (`/etc/passwd` once normalised) gets only the app.
      if (res.status === 200) expect(res.body).toBe(INDEX_HTML);
      else expect([401, 404]).toContain(res.status);
      expect(res.body).not.toContain('secret');
    }
  });
});
