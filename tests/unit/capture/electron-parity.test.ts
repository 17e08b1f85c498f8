import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { captureWith, type CaptureResult } from '../../../src/core/capture/index.ts';
import { openPlaywrightCapture } from '../../../src/server/capture-driver.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { recordSession, ReplayDebugger, type CdpEntry } from './cdp-recorder.ts';
import { fakeElectron, useDebugger, windows, type FakeWindow } from './fake-electron.ts';
import { html, startFixtureServer, type FixtureServer } from './fixture-server.ts';

vi.mock('electron', () => fakeElectron);
const { openCaptureWindow } = await import('../../../src/main/capture-window.ts');

const missing = chromiumMissing();
const PAGE = `<!doctype html><title>Parity</title><style>body{margin:0}</style>
  <header style="height:120px;background:#234">
    <nav><ul><li><a href="/">Home</a></li></ul></nav></header>
  <main style="height:3000px"><button id="go">Go</button><img loading="lazy" src="/x.svg"
    width="40" height="40" style="margin-top:2000px"></main><footer>end</footer>`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"></svg>';

describe.skipIf(missing)(
  'the Electron path issues the same CDP calls as the Playwright path',
  () => {
    let browser: Browser;
    let server: FixtureServer;
    let log: CdpEntry[] = [];
    let recorded: CaptureResult;
    const options = () => ({ url: server.url('/parity'), width: 1024, tileHeight: 1000 });

    beforeAll(async () => {
      server = await startFixtureServer({
        '/parity': html(PAGE),
        '/x.svg': (_req, res) => {
          res.writeHead(200, { 'content-type': 'image/svg+xml' });
          res.end(SVG);
        },
      });
      browser = await launchChromium();
      // A real capture in Chromium through Playwright, every command and event recorded.
      recorded = await captureWith(async (target) => {
        const recorder = recordSession(await openPlaywrightCapture(browser, target));
        log = recorder.log;
        return recorder.handle;
      }, options());
    }, 30_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    test('replayed through a hidden window’s debugger, the capture sends the same commands and gives the same result', async () => {
      let dbg: ReplayDebugger | undefined;
      windows.length = 0;
      useDebugger(() => new ReplayDebugger(log));
      const replayed = await captureWith(async (target) => {
        const handle = await openCaptureWindow(target);
        dbg = windows[0]!.webContents.debugger as unknown as ReplayDebugger;
        return handle;
      }, options());
      const calls = log.filter((e) => e.kind === 'call').map((e) => [e.method, e.params]);
      expect(calls.length).toBeGreaterThan(15);
      expect(calls.filter(([m]) => m === 'Page.captureScreenshot')).toHaveLength(4);
      expect(dbg!.received.map((c) => [c.method, c.params])).toEqual(calls);
      expect(replayed.png.equals(recorded.png)).toBe(true);
      expect(replayed.elements).toEqual(recorded.elements);
      expect(replayed.elements.map((e) => e.tag)).toEqual([
        'header',
        'nav',
        'list',
        'main',
        'button',
        'image',
        'footer',
      ]);
      // The window is gone and its debugger detached once the capture ends.
      const win: FakeWindow = windows[0]!;
      expect([win.destroyed, dbg!.attached]).toEqual([true, false]);
    });

    test('the hidden window is locked down', async () => {
      windows.length = 0;
      const handle = await openCaptureWindow({ url: 'file:///tmp/site/index.html', width: 768 });
      const win = windows[0]!;
      const prefs = win.options.webPreferences as Record<string, unknown>;
      expect(win.options.show).toBe(false);
      expect(prefs).toMatchObject({
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
      });
      expect(prefs.preload).toBeUndefined();
      expect(win.partition).toMatch(/^capture-[0-9a-f-]{36}$/);
      const ses = win.session;
      expect(ses.permissionRequest!('notifications')).toBe(false);
      expect(ses.permissionCheck!()).toBe(false);
      expect(ses.download!().defaultPrevented).toBe(true);
      expect(ses.request!('file:///etc/passwd')).toBe(true);
      expect(ses.request!('file:///tmp/site/index.html')).toBe(false);
      expect(ses.request!('https://cdn.example.test/a.png')).toBe(false);
      expect(win.webContents.openHandler!()).toEqual({ action: 'deny' });
      expect(win.webContents.navigate('will-navigate', 'file:///etc/hosts')).toBe(true);
      expect(win.webContents.navigate('will-redirect', 'chrome://gpu')).toBe(true);
      expect(win.webContents.navigate('will-navigate', 'http://127.0.0.1/next')).toBe(false);
      await handle.close();
      expect([win.destroyed, ses.cleared]).toEqual([true, true]);
    });
  },
);

test.runIf(missing)(`the Electron parity test is skipped: ${missing ?? ''}`, () => {
  expect(missing).toBeTruthy();
});
