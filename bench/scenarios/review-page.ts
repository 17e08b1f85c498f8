import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BASELINE_OUT } from '../lib/build.ts';
import { newProbedContext, timeToReady } from '../lib/browser.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { startStatic, type CritProcess } from '../lib/servers.ts';
import { percentile } from '../lib/stats.ts';
import type { World } from '../lib/world.ts';

type Bench = {
  __bench: { afterPaint(done: () => void): void; longTasks: { start: number; duration: number }[] };
};

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

/** Scrolls the comments panel through the list and back; reports long tasks meanwhile. */
async function scrollPanel(page: Page): Promise<{ count: number; longest: number }> {
  return page.evaluate(async () => {
    const bench = (window as unknown as Bench).__bench;
    const scroller = document.querySelector<HTMLElement>('.workspace__panel');
    if (!scroller) throw new Error('no comments panel');
    const frame = () => new Promise<void>((resolve) => bench.afterPaint(resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const start = performance.now();
    for (let i = 0; i < 60; i++) {
      scroller.scrollTop += 700;
      await frame();
    }
    for (const to of [0.25, 0.5, 0.75, 1, 0]) {
      scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * to;
      await frame();
      for (let i = 0; i < 5; i++) {
        scroller.scrollTop += 500;
        await frame();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tasks = bench.longTasks.filter((t) => t.start >= start);
    return { count: tasks.length, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
  });
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
  const longTasks: number[] = [];
  const longest: number[] = [];
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

      const context = await newProbedContext(browser, { pins, card: true });
      const page = await context.newPage();
      const critTime = await timeToReady(page, route);
      if (run < 0) {
        await context.close();
        continue;
      }
      first.push(critTime);
      bare.push(bareTime);

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
      const scroll = await scrollPanel(page);
      longTasks.push(scroll.count);
      longest.push(scroll.longest);
      await context.close();
      log(
        `  review page run ${run + 1}: first paint ${critTime.toFixed(0)} ms (bare ${bareTime.toFixed(0)}), switch p95 ${switches.at(-1)!.toFixed(0)} ms, scroll long tasks ${scroll.count} (longest ${scroll.longest.toFixed(0)} ms)`,
      );
    }
  } finally {
    await baseline.stop();
  }
  const scenario = '2. 10,000 comments on a page';
  return [
    row({
      scenario,
      metric: 'navigation → all pins and first cards painted',
      unit: 'ms',
      samples: first,
      baselineSamples: bare,
      max: 300,
      maxRatio: 1.5,
    }),
    row({
      scenario,
      metric: 'reviewer filter switch, p95 of 20',
      unit: 'ms',
      samples: switches,
      baselineSamples: bareSwitches,
      max: 50,
      note: '10 switches to one reviewer (~200 pins), 10 back to all 10,000',
    }),
    row({ scenario, metric: '… to one reviewer (median)', unit: 'ms', samples: toOne }),
    row({ scenario, metric: '… back to all reviewers (median)', unit: 'ms', samples: toAll }),
    row({
      scenario,
      metric: 'long tasks > 50 ms while scrolling the list',
      unit: 'count',
      samples: longTasks,
      max: 0,
    }),
    row({ scenario, metric: '… longest task while scrolling', unit: 'ms', samples: longest }),
  ];
}
