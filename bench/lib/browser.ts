import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** Debian's Chromium unless CRIT_CHROMIUM names another; Playwright's own otherwise. */
export function chromiumPath(): string | undefined {
  if (process.env.CRIT_CHROMIUM) return process.env.CRIT_CHROMIUM;
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Headless Chromium launched as the end-to-end tests launch it. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What the probe waits for before it stamps the time: pins and, optionally, a card. */
export interface ReadyCondition {
  pins: number;
  card: boolean;
}

/**
 * Runs in every new document before the page's own scripts: records long tasks, and
 * stamps `__bench.ready` (ms since navigation start) right after the first frame is
 * painted in which the page shows `pins` elements of class `pin` (and a comment card).
 */
function probe(condition: ReadyCondition | null): void {
  const w = window as unknown as { __bench: Record<string, unknown> };
  const longTasks: { start: number; duration: number }[] = [];
  const afterPaint = (done: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(null);
    });
  w.__bench = { longTasks, afterPaint };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Long-task timing is missing; the scroll check reports nothing then.
  }
  if (!condition) return;
  const pins = document.getElementsByClassName('pin');
  const check = () => {
    const ready =
      pins.length >= condition.pins &&
      (!condition.card || document.querySelector('[data-testid=comments-panel] article') !== null);
    if (ready) afterPaint(() => (w.__bench.ready = performance.now()));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** A fresh context (empty cache) whose pages carry the probe. */
export async function newProbedContext(
  browser: Browser,
  condition: ReadyCondition | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addInitScript(probe, condition);
  return context;
}

/** Navigates and resolves to the probe's ready time, in ms since navigation start. */
export async function timeToReady(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction(
    () => (window as unknown as { __bench: { ready?: number } }).__bench.ready,
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}
