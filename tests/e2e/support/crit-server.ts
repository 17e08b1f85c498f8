import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A browser-mode Crit server run as `npm run serve` runs it, on its own data folder. */
export interface CritServer {
  /** The printed address, with its access token. */
  url: string;
  dataDir: string;
  /** The address of a route, e.g. `/review/gemini`. */
  routeUrl(route: string): string;
  /** Stops the server and starts a new one on the same data folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LINE = /^Crit is serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m;

function launch(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['src/server/cli.ts', '--port', '0', '--data-dir', dataDir],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = LINE.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts a server on a fresh temporary data folder. */
export async function startCritServer(): Promise<CritServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crit-e2e-'));
  let running = await launch(dataDir);
  const server: CritServer = {
    url: running.url,
    dataDir,
    routeUrl: (route) => `${server.url}#${route}`,
    async restart() {
      await terminate(running.child);
      running = await launch(dataDir);
      server.url = running.url;
    },
    async stop() {
      await terminate(running.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
