import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  captureWith,
  CaptureError,
  type CaptureOptions,
  type CaptureResult,
} from '../../../src/core/capture/index.ts';
import { openPlaywrightCapture } from '../../../src/server/capture-driver.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { html, startFixtureServer, type FixtureServer, type Route } from './fixture-server.ts';

const missing = chromiumMissing();
/** Short limits, so each hostile page must be dealt with in seconds. */
const LIMITS = { navigationTimeoutMs: 3000, totalTimeoutMs: 8000, readyTimeoutMs: 1000 };
/** Time a capture may take past its limit to wind down and close its page. */
const GRACE_MS = 3000;

/** 100 MB of HTML, written as fast as the browser reads it; stops when it hangs up. */
const hundredMegabytes: Route = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.from('<p>hostile</p>'.repeat(4096));
  let left = 100 * 1024 * 1024;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
};

const routes: Record<string, Route> = {
  '/loop': (_req, res) => {
    res.writeHead(302, { location: '/loop' });
    res.end();
  },
  '/alerts': html('<title>A</title><script>for (;;) alert("again")</script>'),
  '/alerts-later': html(
    '<title>Later</title><p>text</p><script>setInterval(() => alert("now"), 5)</script>',
  ),
  '/popups': html(`<title>Pop</title><p>spam</p><script>
    for (let i = 0; i < 30; i++) window.open('/popups?' + i);
    setInterval(() => window.open('/popups'), 20);</script>`),
  '/download': (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="evil.exe"',
    });
    res.end(Buffer.alloc(1024 * 1024, 7));
  },
  '/hanging-image': html('<title>Hang</title><p>text</p><img src="/never" width=10 height=10>'),
  '/never': () => {},
  '/half-page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<!doctype html><title>Half</title><p>the rest never comes');
  },
  '/busy': html(
    '<title>Busy</title><p>x</p><script>onload = () => setTimeout(() => { for (;;); }, 0)</script>',
  ),
  '/huge': hundredMegabytes,
};

describe.skipIf(missing)('hostile pages end cleanly within the limits', () => {
  let browser: Browser;
  let server: FixtureServer;

  /** Captures `path`, timing it; resolves to the result or the CaptureError. */
  async function attempt(path: string, options: Partial<CaptureOptions> = {}) {
    const started = Date.now();
    let outcome: CaptureResult | CaptureError;
    try {
      outcome = await captureWith((t) => openPlaywrightCapture(browser, t), {
        url: server.url(path),
        width: 640,
        ...LIMITS,
        ...options,
      });
    } catch (error) {
      if (!(error instanceof CaptureError)) throw error;
      outcome = error;
    }
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan((options.totalTimeoutMs ?? LIMITS.totalTimeoutMs) + GRACE_MS);
    // Every context the capture opened is gone with it.
    expect(browser.contexts()).toHaveLength(0);
    return { outcome, elapsed };
  }

  beforeAll(async () => {
    server = await startFixtureServer(routes);
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('a redirect loop is refused with the browser’s reason', async () => {
    const { outcome } = await attempt('/loop');
    expect(outcome).toBeInstanceOf(CaptureError);
    expect((outcome as CaptureError).failure).toBe('navigation');
    expect((outcome as CaptureError).message).toMatch(/ERR_TOO_MANY_REDIRECTS/);
  });

  test('an alert loop while loading ends at the navigation limit', async () => {
    const { outcome, elapsed } = await attempt('/alerts');
    expect((outcome as CaptureError).failure).toBe('navigation-timeout');
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.navigationTimeoutMs - 100);
  });

  test('alerts after loading are dismissed and the page is captured', async () => {
    const { outcome } = await attempt('/alerts-later');
    expect(outcome).not.toBeInstanceOf(CaptureError);
    expect((outcome as CaptureResult).title).toBe('Later');
  });

  test('pop-up spam is closed and the page is captured', async () => {
    const { outcome } = await attempt('/popups');
    if (outcome instanceof CaptureError) throw outcome;
    expect(outcome.title).toBe('Pop');
  });

  test('a download is refused, and nothing is saved', async () => {
    const { outcome } = await attempt('/download');
    expect((outcome as CaptureError).failure).toBe('navigation');
    expect((outcome as CaptureError).code).toBe('not-found');
  });

  test('a page whose image never arrives is captured as it was, with a warning', async () => {
    const { outcome } = await attempt('/hanging-image');
    const result = outcome as CaptureResult;
    expect(result.title).toBe('Hang');
    expect(result.warnings.join(' ')).toMatch(/had not finished loading after 3 s/);
  });

  test('a document that never finishes arriving ends at the navigation limit', async () => {
    const { outcome } = await attempt('/half-page');
    expect((outcome as CaptureError).failure).toBe('navigation-timeout');
    expect((outcome as CaptureError).message).toMatch(/did not load within 3 s/);
  });

  test('a page that hangs its own scripts ends at the whole-capture limit', async () => {
    const { outcome } = await attempt('/busy', { totalTimeoutMs: 5000 });
    expect((outcome as CaptureError).failure).toBe('timeout');
    expect((outcome as CaptureError).message).toMatch(/within its 5 s limit/);
  });

  test('a 100 MB page ends within the limits, with a result or a clear error', async () => {
    const { outcome } = await attempt('/huge');
    if (outcome instanceof CaptureError) {
      expect(['timeout', 'navigation-timeout']).toContain(outcome.failure);
    } else {
      expect(outcome.height).toBeLessThanOrEqual(40_000);
    }
  }, 20_000);

  test('a capture is cancelled at once through its signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const { outcome, elapsed } = await attempt('/half-page', { signal: controller.signal });
    expect((outcome as CaptureError).failure).toBe('cancelled');
    expect(elapsed).toBeLessThan(2000);
  });

  test('addresses other than http(s) and file are refused before a page opens', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'chrome://settings', 'nope']) {
      await expect(
        captureWith(() => Promise.reject(new Error('opened')), { url, width: 800 }),
      ).rejects.toMatchObject({ failure: 'invalid-target', code: 'invalid-argument' });
    }
  });
});

test.runIf(missing)(`hostile page tests in Chromium are skipped: ${missing ?? ''}`, () => {
  expect(missing).toBeTruthy();
});
