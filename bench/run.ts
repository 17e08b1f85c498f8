// `npm run bench`: builds what it needs, generates data, runs every scenario several times
// and prints one table of medians against baselines measured in the same run. It writes
// bench/results/<date>.json and latest.json and the README's performance section. It
// reports; it never fails on a time (exit 1 only when the harness itself breaks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import * as prettier from 'prettier';
import { launchBrowser } from './lib/browser.ts';
import { buildApp, buildBaselines } from './lib/build.ts';
import { describeMachine, machineLine, type Machine } from './lib/machine.ts';
import { toMarkdown, withPrevious, type ResultRow } from './lib/report.ts';
import { ROOT, startCrit, type CritProcess } from './lib/servers.ts';
import { makeWorld, type World } from './lib/world.ts';
import { captureScenario } from './scenarios/capture.ts';
import { imageImportScenario } from './scenarios/image-import.ts';
import { largeDesignScenario } from './scenarios/large-design.ts';
import { packagesScenario } from './scenarios/packages.ts';
import { reportScenario } from './scenarios/report.ts';
import { reviewPageScenario } from './scenarios/review-page.ts';
import { startScenario } from './scenarios/start.ts';
import { storeScenario } from './scenarios/store.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /** Rewrites the README section from bench/results/latest.json (after editing notes.md). */
    'readme-only': { type: 'boolean', default: false },
  },
});
const runsOverride = values.runs ? Number(values.runs) : undefined;
/**
 * Runs per scenario: 5; 3 for the import, whose one run is 20 large images, and for the
 * report, whose one run prints 20 pages twice, and for the review package, whose one run
 * exports and opens 50,000 comments; 9 for the start, whose runs are short and the most sensitive to other work on the machine.
 */
const RUNS: Record<string, number> = {
  '1': 5,
  '2': 5,
  '3': 5,
  '4': 3,
  '5': 9,
  '6': 5,
  '7': 3,
  '8': 3,
};
const only = new Set((values.only ?? Object.keys(RUNS).join(',')).split(',').map((s) => s.trim()));
const runsOf = (n: string) => runsOverride ?? RUNS[n]!;
const log = (line: string) => console.log(line);

/** What a run writes to bench/results/<date>.json and latest.json. */
interface Results {
  date: string;
  machine: Machine;
  runs: Record<string, number>;
  /** The 1-minute load average as each step began, and at the end. */
  load?: { step: string; load: number }[];
  /** The date of the run whose medians are in each row's `previous`. */
  previousDate?: string | null;
  /** The machine that run was on, as `machineLine` has it. */
  previousMachine?: string | null;
  results: ResultRow[];
}
/** The 1-minute load average as each step began (and at the end): others share the machine. */
const loads: { step: string; load: number }[] = [];
const step = (line: string) => {
  loads.push({ step: line.split(' (')[0]!, load: Number(os.loadavg()[0]!.toFixed(2)) });
  console.log(`\n── ${line} · load ${loads.at(-1)!.load}`);
};

const started = new Date();
const rows: ResultRow[] = [];
let browser: Browser | undefined;
let crit: CritProcess | undefined;
let world: World | undefined;
const needsBrowser = ['2', '3', '5', '6'].some((n) => only.has(n));
try {
  if (values['readme-only']) {
    const latest = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'bench', 'results', 'latest.json'), 'utf8'),
    ) as Results;
    await updateReadme(toMarkdown(latest.results), latest);
    console.log('Rewrote the README section from bench/results/latest.json.');
    process.exit(0);
  }
  if (!values['skip-build']) {
    step('building the app (electron-vite build) and the baseline pages (vite)');
    buildApp();
    await buildBaselines();
  }
  if (only.has('1')) {
    step(`1. store (${runsOf('1')} runs)`);
    rows.push(...(await storeScenario(runsOf('1'), log)));
  }
  if (only.has('4')) {
    step(`4. image import (${runsOf('4')} runs of 20 images)`);
    rows.push(...(await imageImportScenario(runsOf('4'), log)));
  }
  if (only.has('7')) {
    step(`7. report of 20 pages and 500 comments (${runsOf('7')} runs)`);
    rows.push(...(await reportScenario(runsOf('7'), log)));
  }
  if (only.has('8')) {
    step(`8. review package of 200 pages and 50,000 comments (${runsOf('8')} runs)`);
    rows.push(...(await packagesScenario(runsOf('8'), log)));
  }
  if (needsBrowser) {
    step('generating the browser scenarios’ data');
    world = await makeWorld();
    crit = await startCrit(world.dataDir);
    browser = await launchBrowser();
  }
  if (browser && crit && world) {
    if (only.has('2')) {
      step(`2. one page with 10,000 comments (${runsOf('2')} runs)`);
      rows.push(...(await reviewPageScenario(browser, crit, world, runsOf('2'), log)));
    }
    if (only.has('3')) {
      step(`3. 200 pages and 50,000 comments (${runsOf('3')} runs)`);
      rows.push(...(await largeDesignScenario(browser, crit, world, runsOf('3'), log)));
    }
    if (only.has('5')) {
      step(`5. start (${runsOf('5')} runs)`);
      rows.push(...(await startScenario(browser, crit, runsOf('5'), log)));
    }
    if (only.has('6')) {
      step(`6. capture a 10,000 px page (${runsOf('6')} runs)`);
      rows.push(...(await captureScenario(browser, runsOf('6'), log)));
    }
  }
  const chromium = browser?.version() ?? 'not used';
  const machine = describeMachine(chromium);
  rows.sort((a, b) => a.scenario.localeCompare(b.scenario, 'en', { numeric: true }));
  const previous = readPrevious();
  const compared = withPrevious(rows, previous?.results ?? []);
  const table = toMarkdown(compared);
  const since = previous ? `Previous: the run of ${previous.date}.` : 'No previous run.';
  console.log(`\n${table}\n\n${machineLine(machine)}\n${since}`);
  const earlier = previous
    ? { date: previous.date, machine: previous.machine ? machineLine(previous.machine) : null }
    : null;
  if (!values['no-write']) await write(compared, machine, table, earlier);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await crit?.stop();
  world?.cleanup();
}

/** The run before this one, as bench/results/latest.json holds it (null if there is none). */
function readPrevious(): { date: string; machine?: Machine; results: ResultRow[] } | null {
  const file = path.join(ROOT, 'bench', 'results', 'latest.json');
  if (!fs.existsSync(file)) return null;
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Results>;
  if (typeof parsed.date !== 'string' || !Array.isArray(parsed.results))
    throw new Error(`${file} is not a bench result (no date or results).`);
  return { date: parsed.date, machine: parsed.machine, results: parsed.results };
}

async function write(
  results: ResultRow[],
  machine: ReturnType<typeof describeMachine>,
  table: string,
  previous: { date: string; machine: string | null } | null,
) {
  const folder = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(folder, { recursive: true });
  const runs = Object.fromEntries([...only].map((n) => [n, runsOf(n)]));
  const load = [...loads, { step: 'end', load: Number(os.loadavg()[0]!.toFixed(2)) }];
  const record: Results = {
    date: started.toISOString(),
    machine,
    runs,
    load,
    previousDate: previous?.date ?? null,
    previousMachine: previous?.machine ?? null,
    results,
  };
  const json = JSON.stringify(record, null, 2);
  const stamp = started.toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
  fs.writeFileSync(path.join(folder, `${stamp}.json`), `${json}\n`);
  fs.writeFileSync(path.join(folder, 'latest.json'), `${json}\n`);
  if (only.size === Object.keys(RUNS).length) await updateReadme(table, record);
  console.log(`\nWrote bench/results/${stamp}.json and latest.json.`);
}

async function updateReadme(table: string, results: Results) {
  const { machine, runs, date, load, previousDate, previousMachine } = results;
  const sameMachine = !previousMachine || previousMachine === machineLine(machine);
  const readme = path.join(ROOT, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md has no bench markers.');
  const notesFile = path.join(ROOT, 'bench', 'notes.md');
  const notes = fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8').trim() : '';
  const runText = Object.entries(runs)
    .map(([n, count]) => `${n}: ${count}`)
    .join(', ');
  const section = [
    start,
    '',
    `Latest \`npm run bench\`, ${date.slice(0, 10)}, on ${machineLine(machine)}.`,
    `Medians over the runs of each scenario (runs per scenario — ${runText}; one warm-up`,
    'run of each browser scenario is not counted); each baseline is measured in the same run.',
    previousDate
      ? `"Previous" is each median in the run before, of ${previousDate.slice(0, 10)}${sameMachine ? '' : ` on another machine (${previousMachine})`}.`
      : 'There was no run before this one to compare with.',
    ...(load?.length
      ? [
          `The machine's load (1-minute average) as each step began: ${load.map((l) => `${l.step} ${l.load}`).join('; ')}.`,
        ]
      : []),
    '',
    table,
    '',
    ...(notes ? [notes, ''] : []),
    end,
  ].join('\n');
  // Formatted as the repository's Prettier settings want it (tables aligned).
  const updated = text.slice(0, from) + section + text.slice(to + end.length);
  const options = (await prettier.resolveConfig(readme)) ?? {};
  fs.writeFileSync(readme, await prettier.format(updated, { ...options, filepath: readme }));
}
