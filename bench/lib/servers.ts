import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A browser-mode Crit server on a data folder, run as `npm run serve` runs it. */
export interface CritProcess {
  /** The printed address, with its access token. */
  url: string;
  routeUrl(route: string): string;
  stop(): Promise<void>;
}

const LINE = /^Crit is serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)$/m;

/** Starts `node src/server/cli.ts` on `dataDir` and waits for its address. */
export function startCrit(dataDir: string): Promise<CritProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['src/server/cli.ts', '--port', '0', '--data-dir', dataDir],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Crit did not start: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = LINE.exec(out);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!;
        resolve({ url, routeUrl: (route) => `${url}#${route}`, stop });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Crit exited with ${code}: ${err}`));
    });
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A plain static server on 127.0.0.1 for the baseline pages, with extra in-memory files. */
export async function startStatic(
  root: string,
  extra: Record<string, { body: Buffer | string; type: string }> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const fixed = extra[urlPath];
    if (fixed) {
      res.writeHead(200, { 'Content-Type': fixed.type });
      return void res.end(fixed.body);
    }
    const file = path.join(root, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      return void res.end('Not found');
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
