import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BASELINE_OUT, gzippedAssets, gzippedJs } from '../lib/build.ts';
import { newProbedContext } from '../lib/browser.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { ROOT, startStatic, type CritProcess } from '../lib/servers.ts';

/**
 * Navigates and resolves to the first contentful paint and the paint of the landing's
 * headline (its `elementtiming` entry), in ms since navigation start.
 */
async function paints(page: Page, url: string): Promise<{ fcp: number; headline: number }> {
  await page.goto(url);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = await page.evaluate(
      () =>
        new Promise<{ fcp: number; headline: number } | null>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          const observer = new PerformanceObserver((list) => {
            observer.disconnect();
            const entry = list
              .getEntries()
              .find((e) => (e as { identifier?: string }).identifier === 'landing-headline');
            resolve(fcp !== undefined && entry ? { fcp, headline: entry.startTime } : null);
          });
          observer.observe({ type: 'element', buffered: true });
          setTimeout(() => resolve(null), 50);
        }),
    );
    if (found) return found;
  }
  throw new Error(`${url}: no first contentful paint and headline within a minute`);
}

/**
 * 5. Start: the landing screen's first contentful paint in browser mode against a bare
 * React page built with the same tools, and the renderer's JavaScript gzipped.
 */
export async function startScenario(
  browser: Browser,
  crit: CritProcess,
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const baseline = await startStatic(path.join(BASELINE_OUT, 'hello'));
  const fcp: number[] = [];
  const bare: number[] = [];
  const headline: number[] = [];
  const bareHeadline: number[] = [];
  try {
    for (let run = -1; run < runs; run++) {
      const bareContext = await newProbedContext(browser, null);
      const bareTime = await paints(await bareContext.newPage(), baseline.url);
      await bareContext.close();
      const context = await newProbedContext(browser, null);
      const critTime = await paints(await context.newPage(), crit.routeUrl('/'));
      await context.close();
      if (run < 0) continue;
      fcp.push(critTime.fcp);
      bare.push(bareTime.fcp);
      headline.push(critTime.headline);
      bareHeadline.push(bareTime.headline);
      log(
        `  start run ${run + 1}: landing FCP ${critTime.fcp.toFixed(0)} ms (bare ${bareTime.fcp.toFixed(0)}), headline ${critTime.headline.toFixed(0)} ms (bare ${bareTime.headline.toFixed(0)})`,
      );
    }
  } finally {
    await baseline.stop();
  }
  const rendererDir = path.join(ROOT, 'out', 'renderer');
  const assets = gzippedAssets(rendererDir);
  // The landing's own files: what index.html loads (entry, preloads, styles), all of it
  // before the first paint; the rest loads later (design cards) or when a workspace opens.
  const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const landingFiles = new Set(
    [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => `/${m[1]}`),
  );
  const js = assets.filter((a) => a.ext === 'js').reduce((sum, a) => sum + a.bytes, 0) / 1024;
  const bareJs = gzippedJs(path.join(BASELINE_OUT, 'hello')) / 1024;
  const sizeOf = (ext: 'js' | 'css', landing: boolean) =>
    assets
      .filter((a) => a.ext === ext)
      .filter((a) => landingFiles.has(`/${path.relative(rendererDir, a.file)}`) === landing)
      .reduce((sum, a) => sum + a.bytes, 0) / 1024;
  if (sizeOf('js', true) === 0) throw new Error('the landing screen loaded none of the build');
  const scenario = '5. Start';
  return [
    row({
      scenario,
      metric: 'landing first contentful paint',
      unit: 'ms',
      samples: fcp,
      baselineSamples: bare,
      maxRatio: 1.2,
    }),
    row({
      scenario,
      metric: '… the headline painted (element timing)',
      unit: 'ms',
      samples: headline,
      baselineSamples: bareHeadline,
    }),
    row({
      scenario,
      metric: 'landing JavaScript (index.html loads it), gzipped',
      unit: 'KB',
      samples: [sizeOf('js', true)],
      baselineSamples: [bareJs],
    }),
    row({
      scenario,
      metric: 'landing CSS (index.html loads it), gzipped',
      unit: 'KB',
      samples: [sizeOf('css', true)],
    }),
    row({
      scenario,
      metric: 'the rest of the JavaScript (workspaces, design cards), gzipped',
      unit: 'KB',
      samples: [sizeOf('js', false)],
    }),
    row({
      scenario,
      metric: 'the rest of the CSS (workspaces, design cards), gzipped',
      unit: 'KB',
      samples: [sizeOf('css', false)],
    }),
    row({
      scenario,
      metric: 'renderer JavaScript, gzipped',
      unit: 'KB',
      samples: [js],
      baselineSamples: [bareJs],
      max: 250,
    }),
  ];
}
