import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { serveStatic } from '../../../src/core/serve-static.ts';
import { SECURITY_HEADERS } from '../../../src/shared/csp.ts';

// A fake disk: the sizes of the files that exist. Only `probe` ever looks at it.
const ROOT = path.resolve('/install');
const roots = {
  rendererDir: path.join(ROOT, 'renderer'),
  resourcesDir: path.join(ROOT, 'resources'),
  imagesDir: path.join(ROOT, 'images'),
  generated: (p: string) => (p === '/media/initials/abc.svg' ? '<svg/>' : null),
};
const sizes = new Map([
  [path.join(ROOT, 'renderer', 'index.html'), 40],
  [path.join(ROOT, 'renderer', 'assets', 'a.js'), 7],
  [path.join(ROOT, 'resources', 'samples', 'x.png'), 0],
]);
const probe = vi.fn(async (file: string) => sizes.get(file) ?? null);
const serve = (p: string, method = 'GET') => serveStatic(roots, { path: p, method }, probe);

describe('serveStatic', () => {
  it('answers a file with every security header, its type, length and revalidation', async () => {
    const answer = await serve('/assets/a.js');
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({
      ...SECURITY_HEADERS,
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': '7',
      'Cache-Control': 'no-cache',
    });
    expect(answer.body).toEqual({ file: path.join(ROOT, 'renderer', 'assets', 'a.js'), size: 7 });
  });

  it('gives HEAD the same headers and no body', async () => {
    const get = await serve('/');
    const head = await serve('/', 'HEAD');
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBeNull();
  });

  it('answers generated media from the generator, never cached for good', async () => {
    const answer = await serve('/media/initials/abc.svg');
    expect(answer).toMatchObject({ status: 200, body: '<svg/>' });
    expect(answer.headers['Content-Type']).toBe('image/svg+xml');
    expect(answer.headers['Cache-Control']).toBe('no-cache');
  });

  it('falls back to the app for route paths only', async () => {
    expect((await serve('/review/netflix')).body).toEqual({
      file: path.join(ROOT, 'renderer', 'index.html'),
      size: 40,
    });
    expect((await serve('/missing.js')).status).toBe(404);
    expect((await serve('/media/samples/missing')).status).toBe(404);
  });

  it('refuses other methods with 405 and says which are allowed', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await serve('/', method);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.Allow).toBe('GET, HEAD');
      expect(answer.headers['Content-Security-Policy']).toBe(
        SECURITY_HEADERS['Content-Security-Policy'],
      );
    }
  });

  it('answers 404 with the security headers, and never looks outside the roots', async () => {
    probe.mockClear();
    for (const p of [
      '/../secret',
      '/%2e%2e/secret',
      '/media/images/../../x',
      '/media/other/a.png',
    ]) {
      const answer = await serve(p);
      expect(answer.status, p).toBe(404);
      expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(answer.headers['Cache-Control']).toBe('no-store');
    }
    for (const [file] of probe.mock.calls) {
      expect(file.startsWith(ROOT + path.sep), file).toBe(true);
    }
  });
});
