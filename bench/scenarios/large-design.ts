import type { Browser, Page, Response } from '@playwright/test';
import { decodeWire } from '../../src/shared/wire.ts';
import { newProbedContext, timeToReady, type BenchProbe, type Point } from '../lib/browser.ts';
import { row, type ResultRow } from '../lib/report.ts';
import type { CritProcess } from '../lib/servers.ts';
import { median } from '../lib/stats.ts';
import type { SeededDesign } from '../lib/seed.ts';
import type { World } from '../lib/world.ts';

type Bench = { __bench: BenchProbe };

/** Counts what crosses the bridge: bytes per channel and comments in `comments:list`. */
function watchBridge(page: Page) {
  const seen = {
    bytes: 0,
    commentBytes: 0,
    comments: 0,
    pending: [] as Promise<void>[],
    recording: true,
  };
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!seen.recording || !url.pathname.startsWith('/api/')) return;
    seen.pending.push(
      response.body().then((body) => {
        seen.bytes += body.byteLength;
        if (url.pathname === '/api/comments:list') {
          seen.commentBytes += body.byteLength;
          // Read as the renderer reads it: the list may have come as a table.
          const envelope = decodeWire(body.toString('utf8'), { tables: true }) as {
            value?: unknown[];
          };
          seen.comments += envelope.value?.length ?? 0;
        }
      }),
    );
  });
  return seen;
}

/**
 * Selects page `index` and resolves to the ms until its pins in view and first card are
 * painted.
 */
function switchPage(page: Page, index: number, points: Point[]): Promise<number> {
  return page.evaluate(
    ({ index, points }) =>
      new Promise<number>((resolve) => {
        const bench = (window as unknown as Bench).__bench;
        const buttons = document.querySelectorAll<HTMLButtonElement>('.page-list__item');
        const target = buttons[index];
        if (!target) throw new Error(`no page button #${index}`);
        const pinList = document.getElementsByClassName('pin');
        const before = pinList[0]?.getAttribute('data-comment-id') ?? null;
        const start = performance.now();
        target.click();
        const check = () => {
          const first = pinList[0]?.getAttribute('data-comment-id') ?? null;
          const ready =
            target.getAttribute('aria-current') === 'page' &&
            bench.visiblePinsDrawn(points) &&
            first !== before &&
            document.querySelector('[data-testid=comments-panel] article') !== null;
          if (ready) bench.afterPaint(() => resolve(performance.now() - start));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { index, points },
  );
}

interface Opened {
  open: number;
  bytes: number;
  commentBytes: number;
  comments: number;
  switches: number[];
}

async function openAndSwitch(
  browser: Browser,
  crit: CritProcess,
  design: SeededDesign,
  order: number[],
): Promise<Opened> {
  const context = await newProbedContext(browser, { visible: design.points[0]!, card: true });
  const page = await context.newPage();
  const bridge = watchBridge(page);
  const open = await timeToReady(page, crit.routeUrl(`/designs/${design.id}`));
  // Calls still in flight when the page is ready are part of opening it too.
  await page.waitForLoadState('networkidle');
  bridge.recording = false;
  await Promise.all(bridge.pending);
  const opened = {
    bytes: bridge.bytes,
    commentBytes: bridge.commentBytes,
    comments: bridge.comments,
  };
  const switches: number[] = [];
  for (const index of order) switches.push(await switchPage(page, index, design.points[index]!));
  await context.close();
  return { open, ...opened, switches };
}

/**
 * 3. A design with 200 pages and 50,000 comments: opening it to the first page
 * interactive and switching pages, against designs of 1 and 11 pages with as many
 * comments per page; and what crosses the bridge on opening.
 */
export async function largeDesignScenario(
  browser: Browser,
  crit: CritProcess,
  world: World,
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const open: number[] = [];
  const openSmall: number[] = [];
  const switching: number[] = [];
  const switchingSmall: number[] = [];
  const bytes: number[] = [];
  const bytesSmall: number[] = [];
  const comments: number[] = [];
  const commentKb: number[] = [];
  for (let run = -1; run < runs; run++) {
    // Ten switches, each to a page not seen yet, in the large design and in the small one.
    const order = Array.from({ length: 10 }, (_, i) => 1 + (((run + 1) * 10 + i * 17) % 199));
    const large = await openAndSwitch(browser, crit, world.large, order);
    const single = await openAndSwitch(browser, crit, world.single, []);
    const small = await openAndSwitch(browser, crit, world.small, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    if (run < 0) continue;
    open.push(large.open);
    openSmall.push(single.open);
    switching.push(median(large.switches));
    switchingSmall.push(median(small.switches));
    bytes.push(large.bytes / 1024);
    bytesSmall.push(single.bytes / 1024);
    comments.push(large.comments);
    commentKb.push(large.commentBytes / 1024);
    log(
      `  large design run ${run + 1}: open ${large.open.toFixed(0)} ms (1 page ${single.open.toFixed(0)}), switch ${switching.at(-1)!.toFixed(0)} ms (11 pages ${switchingSmall.at(-1)!.toFixed(0)}), bridge ${(large.bytes / 1024).toFixed(1)} KB with ${large.comments} comments`,
    );
  }
  const scenario = '3. 200 pages, 50,000 comments';
  const perPage = world.large.perPage[0]!;
  return [
    row({
      scenario,
      metric: 'open → first page interactive',
      unit: 'ms',
      samples: open,
      baselineSamples: openSmall,
      maxRatio: 1.5,
      note: 'baseline: a design of 1 page with as many comments',
    }),
    row({
      scenario,
      metric: 'switch page (median of 10)',
      unit: 'ms',
      samples: switching,
      baselineSamples: switchingSmall,
      maxRatio: 1.5,
      note: 'baseline: ten new pages of a design of 11 pages',
    }),
    row({
      scenario,
      metric: 'bridge bytes on open (all calls)',
      unit: 'KB',
      samples: bytes,
      baselineSamples: bytesSmall,
    }),
    row({
      scenario,
      metric: '… of which comments:list',
      unit: 'KB',
      samples: commentKb,
    }),
    row({
      scenario,
      metric: `comments over the bridge on open (page has ${perPage})`,
      unit: 'count',
      samples: comments,
      max: perPage,
    }),
  ];
}
