import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/core/store/database.ts';
import { openDataFolder } from '../../../../src/core/store/data-folder.ts';
import { createDesign } from '../../../../src/core/store/designs.ts';
import { addPage } from '../../../../src/core/store/pages.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { makeImage, makeTempDir } from './helpers.ts';

const WRITER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'crash-writer.ts');
const ROUNDS = 24;

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

/** A small seeded generator, so a failing run can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

interface Round {
  lines: string[];
  /** How the child ended: killed by us, or by itself (a failure). */
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs the writer and SIGKILLs it `delayMs` after it starts (or, with `afterReady`, after
 * it has opened the database). Resolves with the complete lines it printed.
 */
function runAndKill(args: string[], delayMs: number, afterReady: boolean): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [WRITER, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (afterReady && stdout.startsWith('ready\n')) arm();
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      // Only whole lines count: a line cut by the kill was not acknowledged.
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      resolve({ lines: complete.split('\n').filter(Boolean), signal, stderr });
    });
    if (!afterReady) arm();
  });
}

describe('crash safety', () => {
  it(`keeps the database whole and every acknowledged write across ${ROUNDS} SIGKILLs`, async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const folder = openDataFolder(temp.dir);
    const design = createDesign(folder.db, { name: 'Crash' });
    const page = await addPage(folder.db, folder.images, design.id, {
      name: 'home',
      bytes: await makeImage(50, 50),
    });
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    folder.close();
    const file = path.join(temp.dir, 'crit.sqlite');

    const seed = Date.now();
    const next = random(seed);
    const comments = new Set<string>();
    const replies = new Set<string>();
    const resolved = new Set<string>();
    const started = performance.now();
    let killedWhileWriting = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      const delay = 20 + Math.floor(next() * 281);
      // Every fourth round counts from the spawn, so some kills land while opening.
      const afterReady = round % 4 !== 0;
      const result = await runAndKill([file, page.id, me.reviewerId], delay, afterReady);
      const context = `seed ${seed}, round ${round}, delay ${delay} ms\n${result.stderr}`;
      expect(result.signal, context).toBe('SIGKILL');

      let wrote = false;
      for (const line of result.lines) {
        const [kind, id] = line.split(' ') as [string, string];
        if (kind === 'comment') comments.add(id);
        if (kind === 'reply') replies.add(id);
        if (kind === 'resolved') resolved.add(id);
        wrote ||= kind !== 'ready';
      }
      if (wrote) killedWhileWriting++;

      const db = openDatabase(file);
      try {
        expect(db.prepare('PRAGMA integrity_check').all(), context).toEqual([
          { integrity_check: 'ok' },
        ]);
        expect(db.prepare('PRAGMA foreign_key_check').all(), context).toEqual([]);
        const ids = (sql: string) =>
          new Set((db.prepare(sql).all() as { id: string }[]).map((row) => row.id));
        const storedComments = ids('SELECT id FROM comments');
        const storedReplies = ids('SELECT id FROM replies');
        const storedResolved = ids("SELECT id FROM comments WHERE status = 'resolved'");
        expect(
          [...comments].filter((id) => !storedComments.has(id)),
          context,
        ).toEqual([]);
        expect(
          [...replies].filter((id) => !storedReplies.has(id)),
          context,
        ).toEqual([]);
        expect(
          [...resolved].filter((id) => !storedResolved.has(id)),
          context,
        ).toEqual([]);
      } finally {
        db.close();
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `crash test: ${ROUNDS} rounds in ${seconds} s, ${killedWhileWriting} killed mid-writing, ` +
        `${comments.size} comments, ${replies.size} replies, ${resolved.size} resolutions acknowledged (seed ${seed})`,
    );
    // Most kills must land while the writer is busy, or the test proves little.
    expect(killedWhileWriting).toBeGreaterThanOrEqual(ROUNDS / 2);
    expect(comments.size).toBeGreaterThan(0);
  }, 40_000);
});
