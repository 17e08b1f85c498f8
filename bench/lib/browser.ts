import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../src/server/chromium.ts';

/** Headless Chromium launched as the end-to-end tests launch it. */
export function launchBrowser(): Promise<Browser> {
  const options = chromiumLaunchOptions();
  return chromium.launch({ ...options, args: ['--no-sandbox', ...options.args] });
}

/** A pin's place on the screenshot, in percent of the image. */
export interface Point {
  x: number;
  y: number;
}

/**
 * What the probe waits for before it stamps the time: `pins` elements of class `pin` (a
 * page that draws them all), or else a pin for every one of `visible` that lies in the
 * part of the screenshot in view (a page that draws only what can be seen); and,
 * optionally, a comment card.
 */
export type ReadyCondition = { card: boolean } & ({ pins: number } | { visible: Point[] });

/** The in-page helpers the probe installs as `window.__bench`. */
export interface BenchProbe {
  afterPaint(done: () => void): void;
  longTasks: { start: number; duration: number }[];
  /**
   * Whether every point in the part of the screenshot in view has its pin drawn there
   * (pins are matched by the left/top percent they are placed at; nothing is laid out;
   * a canvas of pins counts its pins when it covers the view).
   */
  visiblePinsDrawn(points: Point[]): boolean;
  ready?: number;
}

/**
 * Runs in every new document before the page's own scripts: records long tasks, and
 * stamps `__bench.ready` (ms since navigation start) right after the first frame is
 * painted in which the condition holds.
 */
function probe(condition: ReadyCondition | null): void {
  const longTasks: { start: number; duration: number }[] = [];
  const afterPaint = (done: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(null);
    });
  const pins = document.getElementsByClassName('pin');
  // The probe runs every frame of the page it measures, so it keeps its own work small:
  // the points in view are counted once per list of points and view, and pins are read
  // only when enough of them are in the document.
  let counted: { points: unknown; key: string; expected: number } | null = null;
  const visiblePinsDrawn = (points: { x: number; y: number }[]) => {
    const image = document.querySelector('.screenshot__image');
    if (!image) return false;
    const box = image.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
    // What is in view: the window, cut by the image's scroll container.
    let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
    for (let e = image.parentElement; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (!/auto|scroll/.test(style.overflowX + style.overflowY)) continue;
      const view = e.getBoundingClientRect();
      [left, top] = [Math.max(left, view.left), Math.max(top, view.top)];
      [right, bottom] = [Math.min(right, view.right), Math.min(bottom, view.bottom)];
      break;
    }
    const x0 = ((left - box.left) / box.width) * 100;
    const x1 = ((right - box.left) / box.width) * 100;
    const y0 = ((top - box.top) / box.height) * 100;
    const y1 = ((bottom - box.top) / box.height) * 100;
    const inside = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
    const key = `${x0} ${x1} ${y0} ${y1}`;
    if (counted?.points !== points || counted.key !== key) {
      counted = { points, key, expected: points.filter((p) => inside(p.x, p.y)).length };
    }
    const { expected } = counted;
    if (expected === 0) return false;
    // A crowd is painted on a canvas that says which part of the image it holds (in
    // percent) and how many pins it drew there: it counts when that part covers the view.
    let drawn = 0;
    const canvas = document.querySelector<HTMLElement>('[data-testid=pin-canvas]');
    const [cl, ct, cr, cb] = (canvas?.dataset.window ?? '').split(' ').map(Number);
    const shown = canvas !== null && canvas.style.visibility !== 'hidden';
    if (shown && cl! <= x0 && ct! <= y0 && cr! >= x1 && cb! >= y1) {
      drawn += Number(canvas!.dataset.pins);
    }
    if (drawn + pins.length < expected) return false;
    for (const pin of pins) {
      const { left: l, top: t } = (pin as HTMLElement).style;
      if (inside(parseFloat(l), parseFloat(t))) drawn++;
    }
    return expected > 0 && drawn >= expected;
  };
  const bench: BenchProbe = { longTasks, afterPaint, visiblePinsDrawn };
  (window as unknown as { __bench: BenchProbe }).__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Long-task timing is missing; the scroll check reports nothing then.
  }
  if (!condition) return;
  const check = () => {
    // The card first: it is cheap to look for, and the pins are not looked at without it.
    const ready =
      (!condition.card ||
        document.querySelector('[data-testid=comments-panel] article') !== null) &&
      ('pins' in condition ? pins.length >= condition.pins : visiblePinsDrawn(condition.visible));
    if (ready) afterPaint(() => (bench.ready = performance.now()));
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
