import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../../src/core/store/database.ts';
import { seedSoakFolder } from './seed.ts';

const SERVER = path.resolve(import.meta.dirname, 'serve.ts');

/**
 * How a soak client proves it may call browser mode, as the page does: the token as a
 * bearer header (src/server/guard.ts), and the page's own Origin.
 */
export function authHeaders(token: string, origin: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, Origin: origin };
}

/** What the load run found. */
export interface LoadReport {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  errorSamples: string[];
  acknowledgedWrites: number;
  lostWrites: number;
  integrityFailures: number;
  latencyMs: { p50: number; p99: number; max: number };
  readLatencyMs: { p50: number; p99: number };
  writeLatencyMs: { p50: number; p99: number };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Starts browser mode's server in a child process; resolves with its port. */
function startServer(dataDir: string, token: string) {
  const child = spawn(process.execPath, [SERVER, dataDir, token], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise<number>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^port (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  const stopped = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { port, stop: () => (child.kill('SIGTERM'), stopped) };
}

/**
 * `clients` clients call the bridge routes of browser mode for `seconds`, about
 * three reads to two writes, each waiting for its answer before the next call. Every
 * acknowledged comment and reply must be in the database afterwards.
 */
export async function runHttpLoad(clients: number, seconds: number): Promise<LoadReport> {
  const folder = await seedSoakFolder('http');
  const token = randomBytes(24).toString('hex');
  const server = startServer(folder.dir, token);
  const reads: number[] = [];
  const writes: number[] = [];
  const errorSamples: string[] = [];
  const acked = { comments: new Set<string>(), replies: new Set<string>() };
  let errors = 0;
  try {
    const port = await server.port;
    const origin = `http://127.0.0.1:${port}`;
    const headers = { ...authHeaders(token, origin), 'Content-Type': 'application/json' };
    const call = async (channel: string, args: unknown[], write: boolean) => {
      const started = performance.now();
      try {
        const response = await fetch(`${origin}/api/${channel}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(args),
        });
        const body = (await response.json()) as {
          ok: boolean;
          value?: { id: string };
          error?: { code: string; message: string };
        };
        (write ? writes : reads).push(performance.now() - started);
        if (response.status !== 200 || !body.ok)
          throw new Error(`${response.status} ${JSON.stringify(body.error)}`);
        return body.value;
      } catch (error) {
        errors++;
        if (errorSamples.length < 10)
          errorSamples.push(`${channel}: ${String(error).slice(0, 200)}`);
        return undefined;
      }
    };
    const deadline = Date.now() + seconds * 1000;
    const client = async (n: number) => {
      const mine: string[] = [];
      for (let i = 0; Date.now() < deadline; i++) {
        const pick = (i * 7 + n) % 10;
        if (pick < 2) await call('designs:open', [folder.designId], false);
        else if (pick < 4) await call('comments:list', [folder.pageId], false);
        else if (pick < 5) await call('designs:list', [], false);
        else if (pick < 6) await call('profile:get', [], false);
        else if (pick < 8 || mine.length === 0) {
          const comment = await call(
            'comments:add',
            [
              {
                pageId: folder.pageId,
                tag: 'nav',
                contents: `Client ${n} note ${i}`,
                x: (i * 3) % 100,
                y: n,
              },
            ],
            true,
          );
          if (comment) {
            acked.comments.add(comment.id);
            mine.push(comment.id);
          }
        } else if (pick < 9) {
          const reply = await call('comments:reply', [mine[i % mine.length], `Reply ${i}`], true);
          if (reply) acked.replies.add(reply.id);
        } else await call('comments:setStatus', [mine[i % mine.length], 'resolved'], true);
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  } finally {
    await server.stop();
  }
  const db = openDatabase(folder.databaseFile);
  let lostWrites = 0;
  let integrityFailures = 0;
  try {
    const integrity = JSON.stringify(db.prepare('PRAGMA integrity_check').all());
    if (integrity !== '[{"integrity_check":"ok"}]') integrityFailures++;
    const has = (table: string, id: string) =>
      db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
    for (const id of acked.comments) if (!has('comments', id)) lostWrites++;
    for (const id of acked.replies) if (!has('replies', id)) lostWrites++;
  } finally {
    db.close();
    folder.cleanup();
  }
  const all = [...reads, ...writes].sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    clients,
    seconds,
    requests: all.length,
    requestsPerSecond: Math.round(all.length / seconds),
    errors,
    errorSamples,
    acknowledgedWrites: acked.comments.size + acked.replies.size,
    lostWrites,
    integrityFailures,
    latencyMs: {
      p50: round(percentile(all, 50)),
      p99: round(percentile(all, 99)),
      max: round(all.at(-1) ?? 0),
    },
    readLatencyMs: { p50: round(percentile(reads, 50)), p99: round(percentile(reads, 99)) },
    writeLatencyMs: { p50: round(percentile(writes, 50)), p99: round(percentile(writes, 99)) },
  };
}
