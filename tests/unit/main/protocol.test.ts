import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../../src/shared/csp.ts';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { appPathOf, createAppRequestHandler, registerAppProtocol } =
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
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(res.headers.get(name), name).toBe(value);
    }
    expect(res.headers.get('cache-control')).toBe('no-cache');
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

  it('refuses .. traversal, encoded or not, and never looks outside the roots', async () => {
    const probe = vi.fn(async (_file: string) => null);
    const read = vi.fn(async (_file: string) => null);
    const spyHandler = createAppRequestHandler(roots, { probe, read });
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
      expect((await spyHandler({ url, method: 'GET' })).status, url).toBe(404);
    }
    expect(read).not.toHaveBeenCalled();
    const looked = probe.mock.calls.map(([file]) => file);
    for (const file of looked) {
      const inside = [rendererDir, resourcesDir].some((root) => file.startsWith(root + path.sep));
      expect(inside, file).toBe(true);
    }
  });

  it('answers 404 when a file vanishes between the look and the read', async () => {
    const vanishing = createAppRequestHandler(roots, { read: async () => null });
    const res = await vanishing({ url: 'crit://app/assets/main.js', method: 'GET' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
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

describe('appPathOf', () => {
  it('gives the path of crit://app URLs only', () => {
    expect(appPathOf('crit://app/media/samples/a.png')).toBe('/media/samples/a.png');
    expect(appPathOf('crit://app/')).toBe('/');
    expect(appPathOf('nonsense')).toBeNull();
    expect(appPathOf('https://app/')).toBeNull();
    expect(appPathOf('crit://evil/')).toBeNull();
    expect(appPathOf('crit://user@app/')).toBeNull();
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
