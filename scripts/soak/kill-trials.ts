import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../src/core/store/database.ts';
import { seedSoakFolder } from './seed.ts';

const WRITER = path.resolve(import.meta.dirname, '../../tests/unit/core/store/crash-writer.ts');

/** What the kill trials found. */
export interface KillReport {
  trials: number;
  writersPerTrial: number;
  processesKilled: number;
  /** Kills that landed after the writer had acknowledged at least one write. */
  killedWhileWriting: number;
  acknowledgedWrites: number;
  lostWrites: number;
  integrityFailures: number;
  /** Writers that ended by themselves (an exception) instead of by our SIGKILL. */
  writerErrors: number;
  seconds: number;
  samples: string[];
}

interface Killed {
  lines: string[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs one writer and SIGKILLs it `delayMs` after it is ready (or after spawn). */
function runAndKill(args: string[], delayMs: number, afterReady: boolean): Promise<Killed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs));
    // Hard bound: no trial outlives 10 s, whatever the writer does.
    const guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (afterReady && stdout.startsWith('ready\n')) arm();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      clearTimeout(guard);
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      resolve({ lines: complete.split('\n').filter(Boolean), signal, stderr });
    });
    if (!afterReady) arm();
  });
}

/**
 * `trials` rounds, each with `writers` processes writing comments, replies and status
 * changes to one database at once, each SIGKILLed at its own random moment. After each
 * round the database must pass integrity and foreign-key checks and hold every write
 * any writer acknowledged, in this round or any before. Stops early after `maxSeconds`.
 */
export async function runKillTrials(
  trials: number,
  writers: number,
  maxSeconds: number,
): Promise<KillReport> {
  const folder = await seedSoakFolder('kill');
  const acked = {
    comment: new Set<string>(),
    reply: new Set<string>(),
    resolved: new Set<string>(),
  };
  const report: KillReport = {
    trials: 0,
    writersPerTrial: writers,
    processesKilled: 0,
    killedWhileWriting: 0,
    acknowledgedWrites: 0,
    lostWrites: 0,
    integrityFailures: 0,
    writerErrors: 0,
    seconds: 0,
    samples: [],
  };
  const note = (text: string) => report.samples.length < 10 && report.samples.push(text);
  const started = performance.now();
  try {
    for (let trial = 1; trial <= trials; trial++) {
      if ((performance.now() - started) / 1000 > maxSeconds) break;
      const afterReady = trial % 4 !== 0;
      const rounds = await Promise.all(
        Array.from({ length: writers }, () =>
          runAndKill(
            [folder.databaseFile, folder.pageId, folder.reviewerId],
            20 + Math.floor(Math.random() * 400),
            afterReady,
          ),
        ),
      );
      report.trials = trial;
      for (const round of rounds) {
        if (round.signal === 'SIGKILL') report.processesKilled++;
        else {
          report.writerErrors++;
          note(`trial ${trial}: writer ended by itself: ${round.stderr.slice(0, 300)}`);
        }
        let wrote = false;
        for (const line of round.lines) {
          const [kind, id] = line.split(' ') as [keyof typeof acked | 'ready', string];
          if (kind !== 'ready') {
            acked[kind].add(id);
            wrote = true;
          }
        }
        if (wrote) report.killedWhileWriting++;
      }
      const db = openDatabase(folder.databaseFile);
      try {
        const integrity = db.prepare('PRAGMA integrity_check').all();
        const foreign = db.prepare('PRAGMA foreign_key_check').all();
        if (JSON.stringify(integrity) !== '[{"integrity_check":"ok"}]' || foreign.length) {
          report.integrityFailures++;
          note(`trial ${trial}: ${JSON.stringify(integrity).slice(0, 200)} ${foreign.length} fk`);
        }
        const ids = (sql: string) =>
          new Set((db.prepare(sql).all() as { id: string }[]).map((row) => row.id));
        const stored = {
          comment: ids('SELECT id FROM comments'),
          reply: ids('SELECT id FROM replies'),
          resolved: ids("SELECT id FROM comments WHERE status = 'resolved'"),
        };
        let lost = 0;
        for (const kind of ['comment', 'reply', 'resolved'] as const) {
          for (const id of acked[kind]) if (!stored[kind].has(id)) lost++;
        }
        if (lost > report.lostWrites) note(`trial ${trial}: ${lost} acknowledged writes missing`);
        report.lostWrites = lost;
      } finally {
        db.close();
      }
    }
  } finally {
    report.acknowledgedWrites = acked.comment.size + acked.reply.size + acked.resolved.size;
    report.seconds = Math.round((performance.now() - started) / 100) / 10;
    folder.cleanup();
  }
  return report;
}
