import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A browser-mode Crit server run as `npm run serve` runs it, on its own data folder. */
export interface CritServer {
  /** The printed address, with its access token. */
  url: string;
  dataDir: string;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** The access token in the printed address. */
  token: string;
  /** The address of a route, e.g. `/review/gemini`. */
  routeUrl(route: string): string;
  /**
   * The address the page shows a core image path at (`/media/images/…` gets the
   * server's media-key prefix, learnt from `/session` as the page learns it).
   */
  mediaUrl(corePath: string): string;
  /** Stops the server and starts a new one on the same data folder and port (new token). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LINE = /^Crit is serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m;

interface Launched {
  child: ChildProcess;
  url: string;
  mediaPrefix: string;
}

/** Asks the server for its media prefix, as the page does after its first load. */
async function mediaPrefixOf(url: string): Promise<string> {
  const address = new URL(url);
  const response = await fetch(`${address.origin}/session`, {
    headers: { authorization: `Bearer ${address.searchParams.get('token')}` },
  });
  const envelope = (await response.json()) as { ok: boolean; value?: { mediaPrefix: string } };
  if (!envelope.ok || !envelope.value) throw new Error(`/session answered ${response.status}`);
  return envelope.value.mediaPrefix;
}

async function launch(dataDir: string, port = 0): Promise<Launched> {
  const { child, url } = await spawnServer(dataDir, port);
  return { child, url, mediaPrefix: await mediaPrefixOf(url) };
}

function spawnServer(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['src/server/cli.ts', '--port', String(port), '--data-dir', dataDir],
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
    get origin() {
      return new URL(server.url).origin;
    },
    get token() {
      return new URL(server.url).searchParams.get('token') ?? '';
    },
    routeUrl: (route) => `${server.url}#${route}`,
    mediaUrl: (corePath) =>
      /^\/media\/(images|initials)\//.test(corePath) ? running.mediaPrefix + corePath : corePath,
    async restart() {
      // The same port, so a tab left open meets the new server and its new token.
      const port = Number(new URL(server.url).port);
      await terminate(running.child);
      running = await launch(dataDir, port);
      server.url = running.url;
    },
    async stop() {
      await terminate(running.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
