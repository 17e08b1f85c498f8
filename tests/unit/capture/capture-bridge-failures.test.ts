import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaptureRunner } from '../../../src/core/capture-runner.ts';
import { openPlaywrightCapture } from '../../../src/server/capture-driver.ts';
import type { DesignView, Page } from '../../../src/shared/domain.ts';
import { CritError } from '../../../src/shared/errors.ts';
import { snapshot } from '../core/store/helpers.ts';
import { captureBridge, type CaptureBridge } from './bridge-setup.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { html, startFixtureServer, type FixtureServer } from './fixture-server.ts';

const missing = chromiumMissing();
const page = (title: string, height = 600) =>
  html(`<!doctype html><title>${title}</title><style>body{margin:0}</style>
    <header style="height:80px">Top</header><div style="height:${height}px"></div>`);

/** Every file under the data folder's images, to see that nothing was stored. */
const imageFiles = (bridge: CaptureBridge) =>
  fs.readdirSync(path.join(bridge.folder.dir, 'images'), { recursive: true }).sort();

describe.skipIf(missing)('pages.capture: cancelling, limits and errors', () => {
  let browser: Browser;
  let server: FixtureServer;
  let bridge: CaptureBridge;

  beforeAll(async () => {
    server = await startFixtureServer({
      '/fast': page('Fast'),
      '/tall': page('Tall', 45_000),
      // Sends its head, then never finishes.
      '/endless': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<!doctype html><title>Endless</title><p>Loading');
      },
      '/busy': html('<!doctype html><title>Busy</title><script>while (true) {}</script>'),
    });
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    bridge = await captureBridge(browser);
  });
  afterEach(() => bridge.cleanup());

  /** Starts a capture and cancels it as soon as a progress detail matches `when`. */
  async function cancelWhen(url: string, widths: number[], when: RegExp) {
    const taskId = `cancel-${Math.random()}`;
    const before = { rows: snapshot(bridge.folder.db), images: imageFiles(bridge) };
    const stop = bridge.hub.subscribe((_event, payload) => {
      const detail = (payload as { taskId: string; detail?: string }).detail ?? '';
      if ((payload as { taskId: string }).taskId === taskId && when.test(detail)) {
        stop();
        void bridge.call('pages:cancelCapture', taskId);
      }
    });
    const started = Date.now();
    const envelope = await bridge.capture(url, widths, taskId);
    return { envelope, before, taskId, ms: Date.now() - started };
  }

  it('cancels within a width: the capture ends at once and stores nothing', async () => {
    const run = await cancelWhen(server.url('/endless'), [800], /Loading the page/);
    expect(run.envelope).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'The capture was cancelled.' },
    });
    expect(run.ms).toBeLessThan(10_000);
    expect(snapshot(bridge.folder.db)).toEqual(run.before.rows);
    expect(imageFiles(bridge)).toEqual(run.before.images);
    const last = bridge.progress.filter((e) => e.taskId === run.taskId).at(-1);
    expect(last).toMatchObject({ finished: true, detail: 'cancelled' });
  }, 30_000);

  it('cancels between widths: the first width, already captured, is not stored either', async () => {
    const run = await cancelWhen(server.url('/fast'), [800, 390], /^390 px: /);
    expect(run.envelope.ok ? 'stored' : run.envelope.error.message).toBe(
      'The capture was cancelled.',
    );
    expect(snapshot(bridge.folder.db)).toEqual(run.before.rows);
    expect(imageFiles(bridge)).toEqual(run.before.images);
    // The task id is free again.
    const after = await bridge.capture(server.url('/fast'), [390], run.taskId);
    expect(after.ok).toBe(true);
  }, 30_000);

  it('refuses bad addresses, unknown designs and file addresses with typed errors', async () => {
    const before = snapshot(bridge.folder.db);
    for (const url of ['ftp://example.com/', 'not an address', 'javascript:alert(1)']) {
      const envelope = await bridge.capture(url, [800]);
      expect(envelope.ok ? null : envelope.error.code, url).toBe('invalid-argument');
    }
    const file = await bridge.capture('file:///etc/passwd', [800]);
    expect(file.ok ? null : file.error).toEqual({
      code: 'invalid-argument',
      message: 'Only http and https addresses can be captured; choose a local file as a file.',
    });
    const unknown = await bridge.call('pages:capture', {
      designId: '00000000-0000-4000-8000-000000000000',
      target: { url: server.url('/fast') },
      widths: [800],
      taskId: 'x',
    });
    expect(unknown.ok ? null : unknown.error.code).toBe('not-found');
    for (const widths of [[], [199], [3601], [800, 800], [390, 768, 1440, 1000, 1200]]) {
      const envelope = await bridge.capture(server.url('/fast'), widths);
      expect(envelope.ok ? null : envelope.error.code, String(widths)).toBe('invalid-argument');
    }
    expect(snapshot(bridge.folder.db)).toEqual(before);
  }, 30_000);

  it('says an unreachable page is not found', async () => {
    const gone = await startFixtureServer({});
    const url = gone.url('/');
    await gone.close();
    const envelope = await bridge.capture(url, [800]);
    expect(envelope.ok ? null : envelope.error.code).toBe('not-found');
  }, 30_000);

  it('ends a page that never lets go within the capture limit, with a typed error', async () => {
    const runner = createCaptureRunner({
      data: () => bridge.folder,
      open: (target) => openPlaywrightCapture(browser, target),
      hub: bridge.hub,
      limits: { totalTimeoutMs: 3000, navigationTimeoutMs: 10_000 },
    });
    const started = Date.now();
    const error = await runner
      .capture({
        designId: bridge.design.id,
        target: { url: server.url('/busy') },
        widths: [800],
        taskId: 'busy',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CritError);
    expect((error as CritError).code).toBe('too-large');
    expect((error as CritError).message).toMatch(/did not finish within its 3 s limit/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('cuts a page taller than 40,000 px, and the page says so', async () => {
    const envelope = await bridge.capture(server.url('/tall'), [200]);
    if (!envelope.ok) throw new Error(envelope.error.message);
    const [tall] = envelope.value;
    expect(tall!.height).toBe(40_000);
    expect(tall!.source?.note).toMatch(/45,080 px tall; it was cut at 40,000 px/);
  }, 60_000);

  it('captures a local HTML file sent as bytes from a private temporary file, then removes it', async () => {
    const temps = () =>
      new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('crit-capture-')));
    const before = temps();
    const envelope = await bridge.call<Page[]>('pages:capture', {
      designId: bridge.design.id,
      target: {
        html: new TextEncoder().encode(
          '<!doctype html><title>Local \u202edraft</title><nav>x</nav>',
        ),
        fileName: '../../etc/landing.html',
      },
      widths: [390],
      taskId: 'local',
    });
    if (!envelope.ok) throw new Error(envelope.error.message);
    const [local] = envelope.value;
    // The title's bidi override is cleaned out of the name; the file's folders are dropped.
    expect(local!.name).toBe('Local draft — 390');
    expect(local!.source).toEqual({ address: 'file:landing.html', width: 390 });
    expect(local!.elements?.some((e) => e.tag === 'nav')).toBe(true);
    expect([...temps()].filter((n) => !before.has(n))).toEqual([]);
    const design = await bridge.ok<DesignView>('designs:open', bridge.design.id);
    expect(design.pages).toHaveLength(1);
  }, 30_000);
});
