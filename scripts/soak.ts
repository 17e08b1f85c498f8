/**
 * `npm run soak`: the long robustness run, outside `npm test`. First SIGKILL trials with
 * several writer processes on one database, then many HTTP clients against browser mode
 * on 127.0.0.1. Prints the figures and writes them to soak/results/soak-latest.json.
 * Exits 1 when any integrity failure, lost write or error was seen.
 *
 *   npm run soak -- [--trials 200] [--writers 3] [--clients 20] [--seconds 30]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runHttpLoad } from './soak/http-load.ts';
import { runKillTrials } from './soak/kill-trials.ts';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '200' },
    writers: { type: 'string', default: '3' },
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    out: { type: 'string', default: 'soak/results/soak-latest.json' },
  },
});

/** A positive whole number from the command line, within a bound that keeps the run finite. */
function count(name: keyof typeof values, max: number): number {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`soak: --${name} must be a whole number from 1 to ${max}.`);
    process.exit(2);
  }
  return n;
}

const trials = count('trials', 5000);
const writers = count('writers', 16);
const clients = count('clients', 200);
const seconds = count('seconds', 600);

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // Other work on the machine shows in the latencies; this says how much there was.
    loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
  };
}

const startedOn = machine();
console.log(`soak: ${trials} kill trials with ${writers} writers each …`);
// Bounded in time as well as count: at most 20 minutes of trials.
const kills = await runKillTrials(trials, writers, 20 * 60);
console.log(
  `  ${kills.trials} trials, ${kills.processesKilled} writers killed ` +
    `(${kills.killedWhileWriting} mid-writing), ${kills.acknowledgedWrites} writes acknowledged, ` +
    `${kills.lostWrites} lost, ${kills.integrityFailures} integrity failures, ` +
    `${kills.writerErrors} writer errors, ${kills.seconds} s`,
);

console.log(`soak: ${clients} HTTP clients for ${seconds} s against browser mode …`);
const load = await runHttpLoad(clients, seconds);
console.log(
  `  ${load.requests} requests (${load.requestsPerSecond}/s), ${load.errors} errors, ` +
    `${load.acknowledgedWrites} writes acknowledged, ${load.lostWrites} lost, ` +
    `${load.integrityFailures} integrity failures, p50 ${load.latencyMs.p50} ms, ` +
    `p99 ${load.latencyMs.p99} ms`,
);
for (const sample of [...kills.samples, ...load.errorSamples]) console.log(`  ! ${sample}`);

const results = { date: new Date().toISOString(), machine: startedOn, kills, load };
const out = path.resolve(values.out);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`soak: results in ${path.relative(process.cwd(), out)}`);

const failed =
  kills.integrityFailures +
  kills.lostWrites +
  kills.writerErrors +
  load.integrityFailures +
  load.lostWrites +
  load.errors;
process.exit(failed > 0 ? 1 : 0);
