import os from 'node:os';
import type { Browser } from '@playwright/test';
import { captureWith } from '../../src/core/capture/index.ts';
import { openPlaywrightCapture } from '../../src/server/capture-driver.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { startStatic } from '../lib/servers.ts';

const WIDTH = 1440;
const HEIGHT = 10_000;

/** A 10,000 px landing-like page: a sticky header, text, blocks of colour, lists, images. */
function benchPage(): string {
  const sections = Array.from({ length: 20 }, (_, i) => {
    const hue = (i * 47) % 360;
    return `<section style="height:${HEIGHT / 20 - 20}px;margin:10px 0;background:hsl(${hue} 60% 92%)">
      <h2>Section ${i + 1}</h2><p>${'Design feedback, pinned to the element it is about. '.repeat(12)}</p>
      <ul><li>One</li><li>Two</li><li>Three</li></ul><button>Action ${i + 1}</button>
      <img src="/block.svg?${i}" width="320" height="180" alt=""></section>`;
  }).join('');
  return `<!doctype html><title>Bench page</title><style>
    body { margin: 0; font: 16px/1.5 sans-serif; }
    header { position: sticky; top: 0; height: 64px; background: #222; color: #fff; }
  </style><header><nav><a href="/">Home</a></nav></header><main>${sections}</main>`;
}

const BLOCK = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#69c"/></svg>`;

/**
 * 6. Capture: a 10,000 px page at 1440 through the whole capture (fresh context, load,
 * scroll pass, images, element map, tiles, stitch) against Playwright's own full-page
 * screenshot of the same page in a fresh context (load, then `screenshot({ fullPage })`),
 * measured in the same run, alternating.
 */
export async function captureScenario(
  browser: Browser,
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const server = await startStatic(os.tmpdir(), {
    '/page.html': { body: benchPage(), type: 'text/html; charset=utf-8' },
    '/block.svg': { body: BLOCK, type: 'image/svg+xml' },
  });
  const url = `${server.url}page.html`;
  const ours: number[] = [];
  const theirs: number[] = [];
  try {
    for (let run = -1; run < runs; run++) {
      let started = performance.now();
      const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const shot = await page.screenshot({ fullPage: true, type: 'png' });
      await context.close();
      const baseline = performance.now() - started;

      started = performance.now();
      const result = await captureWith((t) => openPlaywrightCapture(browser, t), {
        url,
        width: WIDTH,
      });
      const capture = performance.now() - started;
      if (result.height < HEIGHT || result.cut) throw new Error('The bench page came out short.');
      if (run < 0) continue;
      ours.push(capture);
      theirs.push(baseline);
      log(
        `  capture run ${run + 1}: ${capture.toFixed(0)} ms (Playwright full page ${baseline.toFixed(0)} ms; ` +
          `${result.height} px, ${result.elements.length} elements, ${(result.png.length / 1024).toFixed(0)} KB vs ${(shot.length / 1024).toFixed(0)} KB)`,
      );
    }
  } finally {
    await server.stop();
  }
  return [
    row({
      scenario: '6. Capture',
      metric: 'capture a 10,000 px page at 1440',
      unit: 'ms',
      samples: ours,
      baselineSamples: theirs,
      maxRatio: 1.5,
    }),
  ];
}
