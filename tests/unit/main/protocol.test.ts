import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp.ts';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { createAppRequestHandler, planAppRequest, registerAppProtocol } =
  await import('../../../src/main/protocol.ts');

// A fake install: the renderer and resources folders side by side with a secret next to them.
const base = mkdtempSync(path.join(tmpdir(), 'crit-protocol-'));
const rendererDir = path.join(base, 'app', 'renderer');
const resourcesDir = path.join(base, 'app', 'resources');
const roots = { rendererDir, resourcesDir };
const INDEX = '<!doctype html><title>Crit</title>';
mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
mkdirSync(path.join(resourcesDir, 'samples'), { recursive: true });
mkdirSync(path.join(resourcesDir, 'avatars'), { recursive: true });
writeFileSync(path.join(rendererDir, 'index.html'), INDEX);
writeFileSync(path.join(rendererDir, 'assets', 'main.js'), 'console.log(1)');
writeFileSync(path.join(resourcesDir, 'samples', 'netflix-main.png'), Buffer.from([0x89, 0x50]));
writeFileSync(path.join(resourcesDir, 'avatars', 'reviewer-1.svg'), '<svg/>');
writeFileSync(path.join(base, 'app', 'secret.txt'), 'SECRET');
writeFileSync(path.join(base, 'secret.txt'), 'SECRET');

afterAll(() => rmSync(base, { recursive: true, force: true }));

const handler = createAppRequestHandler(roots);
const get = (url: string, method = 'GET') => handler({ url, method });

describe('crit://app', () => {
  it('serves index.html at / with the CSP and nosniff headers', async () => {
    const res = await get('crit://app/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves built assets and bundled media with their content types', async () => {
    const js = await get('crit://app/assets/main.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');

    const png = await get('crit://app/media/samples/netflix-main.png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50]));

    const svg = await get('crit://app/media/avatars/reviewer-1.svg?v=2');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers HEAD without a body', async () => {
    const res = await get('crit://app/', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(INDEX.length));
    expect(await res.text()).toBe('');
  });

  it('serves the app for client-side routes, so a reload keeps working', async () => {
    const res = await get('crit://app/review/netflix');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it('answers 404 for missing files and missing media', async () => {
    for (const url of [
      'crit://app/missing.js',
      'crit://app/assets/missing.css',
      'crit://app/media/samples/missing.png',
      'crit://app/media/samples/',
      'crit://app/media/other/x.png',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses .. traversal, encoded or not, and never reads outside the roots', async () => {
    const read = vi.fn(async (_file: string) => null);
    const spyHandler = createAppRequestHandler(roots, read);
    const attempts = [
      'crit://app/../secret.txt',
      'crit://app/..%2Fsecret.txt',
      'crit://app/..%2F..%2Fsecret.txt',
      'crit://app/%2e%2e/%2e%2e/secret.txt',
      'crit://app/..%5Csecret.txt',
      'crit://app/media/samples/..%2F..%2Fsecret.txt',
      'crit://app/media/avatars/..%2F..%2F..%2Fsecret.txt',
      'crit://app/%00index.html',
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('SECRET');
      await spyHandler({ url, method: 'GET' });
    }
    const readFiles = read.mock.calls.map(([file]) => file);
    for (const file of readFiles) {
      const inside = [rendererDir, resourcesDir].some((root) => file.startsWith(root + path.sep));
      expect(inside, file).toBe(true);
    }
  });

  it('answers 403 for any other host and for credentials', async () => {
    for (const url of [
      'crit://evil/',
      'crit://evil/index.html',
      'crit://app@evil/',
      'crit://user:pw@app/',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(await res.text()).not.toContain('<title>');
    }
  });

  it('answers 405 for methods other than GET and HEAD', async () => {
    expect((await get('crit://app/', 'POST')).status).toBe(405);
    expect((await get('crit://app/', 'DELETE')).status).toBe(405);
  });
});

describe('planAppRequest', () => {
  it('maps paths to files without touching the disk', () => {
    expect(planAppRequest(roots, { url: 'crit://app/', method: 'GET' })).toEqual({
      status: 200,
      files: [{ file: path.join(rendererDir, 'index.html'), mime: 'text/html; charset=utf-8' }],
      bodyless: false,
    });
    expect(planAppRequest(roots, { url: 'crit://app/media/samples/a.png', method: 'GET' })).toEqual(
      {
        status: 200,
        files: [{ file: path.join(resourcesDir, 'samples', 'a.png'), mime: 'image/png' }],
        bodyless: false,
      },
    );
  });

  it('falls back to index.html only for route-like paths', () => {
    const route = planAppRequest(roots, { url: 'crit://app/review/gemini', method: 'GET' });
    expect(route.status === 200 && route.files.map((f) => path.basename(f.file))).toEqual([
      'gemini',
      'index.html',
    ]);
    const file = planAppRequest(roots, { url: 'crit://app/missing.png', method: 'GET' });
    expect(file.status === 200 && file.files.map((f) => path.basename(f.file))).toEqual([
      'missing.png',
    ]);
    const media = planAppRequest(roots, { url: 'crit://app/media/samples/x', method: 'GET' });
    expect(media.status === 200 && media.files).toHaveLength(1);
  });

  it('refuses unparsable URLs and other schemes', () => {
    expect(planAppRequest(roots, { url: 'nonsense', method: 'GET' }).status).toBe(404);
    expect(planAppRequest(roots, { url: 'https://app/', method: 'GET' }).status).toBe(403);
  });
});

describe('registerAppProtocol', () => {
  it('handles the crit scheme with the request handler', async () => {
    registerAppProtocol(roots);
    expect(fake.protocol.handle).toHaveBeenCalledTimes(1);
    const [scheme, handle] = fake.protocol.handle.mock.calls[0] as unknown as [
      string,
      (request: Request) => Promise<Response>,
    ];
    expect(scheme).toBe('crit');
    const res = await handle(new Request('crit://app/'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect((await handle(new Request('crit://other/'))).status).toBe(403);
  });
});
