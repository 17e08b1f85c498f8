import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BASELINE_OUT } from '../lib/build.ts';
import { newProbedContext, timeToReady, type BenchProbe } from '../lib/browser.ts';
import { measureCommentWire } from '../lib/comment-wire.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { startStatic, type CritProcess } from '../lib/servers.ts';
import { percentile } from '../lib/stats.ts';
import type { World } from '../lib/world.ts';

type Bench = { __bench: BenchProbe };

/** Clicks a button and resolves to the ms until the next frame after it was painted. */
async function timeClick(page: Page, selector: string, index: number): Promise<number> {
  return page.evaluate(
    ({ selector, index }) =>
      new Promise<number>((resolve) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>(selector)].filter(
          (b) => b.offsetParent !== null,
        )[index];
        if (!button) throw new Error(`no button ${selector} #${index}`);
        const start = performance.now();
        button.click();
        (window as unknown as Bench).__bench.afterPaint(() => resolve(performance.now() - start));
      }),
    { selector, index },
  );
}

/**
 * Scrolls a scroll container (the comment list, or the screenshot's canvas) through its
 * length in steps of `step` px, then jumps about in it; reports long tasks meanwhile.
 */
async function scrollThrough(
  page: Page,
  selector: string,
  step: number,
): Promise<{ count: number; longest: number }> {
  return page.evaluate(
    async ({ selector, step }) => {
      const bench = (window as unknown as Bench).__bench;
      const scroller = document.querySelector<HTMLElement>(selector);
      if (!scroller) throw new Error(`nothing scrolls at ${selector}`);
      const frame = () => new Promise<void>((resolve) => bench.afterPaint(resolve));
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (scroller.scrollHeight <= scroller.clientHeight) {
        throw new Error(`${selector} has nothing to scroll`);
      }
      scroller.scrollTop = 0;
      await frame();
      const start = performance.now();
      let reached = 0;
      for (let i = 0; i < 60; i++) {
        scroller.scrollTop += step;
        reached = Math.max(reached, scroller.scrollTop);
        await frame();
      }
      // A scroll that moves nothing would count no long tasks and prove nothing.
      if (reached === 0) throw new Error(`${selector} did not scroll`);
      for (const to of [0.25, 0.5, 0.75, 1, 0]) {
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * to;
        await frame();
        for (let i = 0; i < 5; i++) {
          scroller.scrollTop += step;
          await frame();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const tasks = bench.longTasks.filter((t) => t.start >= start);
      return { count: tasks.length, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
    },
    { selector, step },
  );
}

/** Scrolls a scroll container by `by` px and waits for the frame after. */
async function scrollBy(page: Page, selector: string, by: number): Promise<void> {
  await page.evaluate(
    ({ selector, by }) =>
      new Promise<void>((resolve) => {
        const scroller = document.querySelector<HTMLElement>(selector);
        if (!scroller) throw new Error(`nothing scrolls at ${selector}`);
        scroller.scrollTop += by;
        const bench = (window as unknown as Bench).__bench;
        bench.afterPaint(() => bench.afterPaint(resolve));
      }),
    { selector, by },
  );
}

/** Steps the screenshot's zoom with its buttons until it shows `level` (for example "50%"). */
async function zoomTo(page: Page, level: string): Promise<void> {
  const output = page.getByTestId('zoom-level');
  const shown = async () => ((await output.textContent()) ?? '').replace(/\s/g, '');
  for (let i = 0; i < 12 && (await shown()) !== level; i++) {
    const zoomOut = parseFloat(await shown()) > parseFloat(level);
    await page.getByRole('button', { name: zoomOut ? 'Zoom out' : 'Zoom in' }).click();
  }
  if ((await shown()) !== level) throw new Error(`the zoom never showed ${level}`);
  await page.waitForTimeout(500);
}

/**
 * 2. One page with 10,000 comments by 50 reviewers: navigation to every pin and the
 * first cards painted, against a bare React page drawing the same pins over the same
 * image; then the reviewer filter and the comment list's scrolling.
 */
export async function reviewPageScenario(
  browser: Browser,
  crit: CritProcess,
  world: World,
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const baseline = await startStatic(path.join(BASELINE_OUT, 'pins'), {
    '/screenshot.png': { body: world.screenshot, type: 'image/png' },
    '/points.json': { body: JSON.stringify(world.crowdedPoints), type: 'application/json' },
  });
  const pins = world.crowdedPoints.length;
  const route = crit.routeUrl(`/designs/${world.crowded.id}`);
  const first: number[] = [];
  const bare: number[] = [];
  const switches: number[] = [];
  const bareSwitches: number[] = [];
  const toOne: number[] = [];
  const toAll: number[] = [];
  const toAllScrolled: number[] = [];
  const paintPins: number[] = [];
  const longTasks: number[] = [];
  const longest: number[] = [];
  const canvasTasks: number[] = [];
  const canvasLongest: number[] = [];
  const zoomed: Record<'50%' | '200%', { tasks: number[]; longest: number[] }> = {
    '50%': { tasks: [], longest: [] },
    '200%': { tasks: [], longest: [] },
  };
  const wireKb: number[] = [];
  const plainKb: number[] = [];
  const decodeMs: number[] = [];
  const plainDecodeMs: number[] = [];
  try {
    // One warm-up of each, not counted: the first launch of a page pays for compiling.
    for (let run = -1; run < runs; run++) {
      const bareContext = await newProbedContext(browser, { pins, card: false });
      const barePage = await bareContext.newPage();
      const bareTime = await timeToReady(barePage, baseline.url);
      const bareRun: number[] = [];
      for (let i = 0; i < 10; i++) {
        bareRun.push(await timeClick(barePage, 'button.reviewer', (run * 10 + i + 50) % 50));
        bareRun.push(await timeClick(barePage, 'button.everyone', 0));
      }
      await bareContext.close();

      const points = world.crowded.points[0]!;
      const context = await newProbedContext(browser, { visible: points, card: true });
      const page = await context.newPage();
      const wire = measureCommentWire(page, world.crowded.pageIds[0]!);
      const critTime = await timeToReady(page, route);
      if (run < 0) {
        await context.close();
        continue;
      }
      first.push(critTime);
      bare.push(bareTime);

      // The switches time a settled page: its avatars load once the first paint is done
      // (the first-paint figure above stops before them), and would be timed with the
      // first switches otherwise.
      await page.waitForLoadState('networkidle');
      // 20 switches: to one reviewer, back to all, to the next reviewer, …
      const reviewer = '[data-testid=reviewers-section] .reviewer-list__item';
      const everyone = '[data-testid=reviewers-section] button:not(.reviewer-list__item)';
      const runSwitches: number[] = [];
      for (let i = 0; i < 10; i++) {
        const one = await timeClick(page, reviewer, 1 + ((run * 10 + i) % 50));
        const back = await timeClick(page, everyone, 0);
        toOne.push(one);
        toAll.push(back);
        runSwitches.push(one, back);
      }
      switches.push(percentile(runSwitches, 95));
      bareSwitches.push(percentile(bareRun, 95));
      // The crowd's picture is kept while one reviewer's pins show, so going back to all
      // above draws nothing; scrolled in between, it is drawn anew.
      const viewport = '[data-testid=screenshot-viewport]';
      for (let i = 0; i < 5; i++) {
        await timeClick(page, reviewer, 1 + ((run * 5 + i) % 50));
        await scrollBy(page, viewport, 1000 * (i % 2 === 0 ? 1 : -1));
        toAllScrolled.push(await timeClick(page, everyone, 0));
      }
      paintPins.push(
        percentile(
          await page.evaluate(() =>
            performance.getEntriesByName('crit:paint-pins').map((e) => e.duration),
          ),
          50,
        ),
      );
      const scroll = await scrollThrough(page, '.workspace__panel', 700);
      longTasks.push(scroll.count);
      longest.push(scroll.longest);
      const canvas = await scrollThrough(page, viewport, 300);
      canvasTasks.push(canvas.count);
      canvasLongest.push(canvas.longest);
      // Zoomed out, more pins are in view than anywhere else; zoomed in, each step brings
      // new ones sooner.
      for (const level of ['50%', '200%'] as const) {
        await zoomTo(page, level);
        const atLevel = await scrollThrough(page, viewport, 300);
        zoomed[level].tasks.push(atLevel.count);
        zoomed[level].longest.push(atLevel.longest);
      }
      const bytes = await wire.measure();
      wireKb.push(bytes.tables.bytes / 1024);
      plainKb.push(bytes.plain.bytes / 1024);
      decodeMs.push(bytes.tables.decodeMs);
      plainDecodeMs.push(bytes.plain.decodeMs);
      await context.close();
      log(
        `  review page run ${run + 1}: first paint ${critTime.toFixed(0)} ms (bare ${bareTime.toFixed(0)}), switch p95 ${switches.at(-1)!.toFixed(0)} ms, long tasks scrolling the list ${scroll.count} (longest ${scroll.longest.toFixed(0)} ms), the screenshot ${canvas.count} (longest ${canvas.longest.toFixed(0)} ms; at 50% ${zoomed['50%'].tasks.at(-1)}, at 200% ${zoomed['200%'].tasks.at(-1)}), comments ${(bytes.tables.bytes / 1024).toFixed(0)} KB in ${bytes.tables.decodeMs.toFixed(0)} ms (plain JSON ${(bytes.plain.bytes / 1024).toFixed(0)} KB in ${bytes.plain.decodeMs.toFixed(0)} ms)`,
      );
    }
  } finally {
    await baseline.stop();
  }
  const scenario = '2. 10,000 comments on a page';
  return [
    row({
      scenario,
      metric: 'navigation → pins in view and first cards painted',
      unit: 'ms',
      samples: first,
      baselineSamples: bare,
      maxRatio: 1.0,
      note: 'baseline: a bare React page drawing all 10,000 pins; Crit draws those in view',
    }),
    row({
      scenario,
      metric: 'reviewer filter switch, p95 of 20',
      unit: 'ms',
      samples: switches,
      baselineSamples: bareSwitches,
      max: 50,
      note: '10 switches to one reviewer (~200 pins), 10 back to all 10,000 (its picture kept)',
    }),
    row({ scenario, metric: '… to one reviewer (median)', unit: 'ms', samples: toOne }),
    row({ scenario, metric: '… back to all reviewers (median)', unit: 'ms', samples: toAll }),
    row({
      scenario,
      metric: '… back to all after scrolling one reviewer’s pins (median)',
      unit: 'ms',
      samples: toAllScrolled,
      note: 'the crowd’s picture is drawn anew for the new view',
    }),
    row({
      scenario,
      metric: '… drawing the pins in view on the canvas (median)',
      unit: 'ms',
      samples: paintPins,
      note: 'the page’s own crit:paint-pins measure, every drawing of the run',
    }),
    row({
      scenario,
      metric: 'long tasks > 50 ms while scrolling the list',
      unit: 'count',
      samples: longTasks,
      max: 0,
    }),
    row({ scenario, metric: '… longest task while scrolling', unit: 'ms', samples: longest }),
    row({
      scenario,
      metric: 'long tasks > 50 ms while scrolling the screenshot',
      unit: 'count',
      samples: canvasTasks,
      max: 0,
    }),
    row({
      scenario,
      metric: '… longest task while scrolling it',
      unit: 'ms',
      samples: canvasLongest,
    }),
    ...(['50%', '200%'] as const).flatMap((level) => [
      row({
        scenario,
        metric: `long tasks > 50 ms while scrolling the screenshot at ${level}`,
        unit: 'count',
        samples: zoomed[level].tasks,
        max: 0,
      }),
      row({
        scenario,
        metric: `… longest task while scrolling it at ${level}`,
        unit: 'ms',
        samples: zoomed[level].longest,
      }),
    ]),
    row({
      scenario,
      metric: 'comments:list bytes (10,000 comments)',
      unit: 'KB',
      samples: wireKb,
      baselineSamples: plainKb,
      maxRatio: 0.5,
      note: 'baseline: the same answer as plain wire JSON, as every call was sent before',
    }),
    row({
      scenario,
      metric: '… decode in the page',
      unit: 'ms',
      samples: decodeMs,
      baselineSamples: plainDecodeMs,
      note: 'baseline: JSON.parse of the plain answer with the byte-field reviver',
    }),
  ];
}
