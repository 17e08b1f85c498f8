import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request; may write to `res` at its own pace (slow or endless pages). */
export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A tiny server for fixture pages on 127.0.0.1, on a free port. */
export interface FixtureServer {
  url(path: string): string;
  close(): Promise<void>;
}

/** An HTML answer. */
export function html(body: string, status = 200): Route {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
}

/** Starts a server answering `routes` by path (without the query); 404 otherwise. */
export async function startFixtureServer(routes: Record<string, Route>): Promise<FixtureServer> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = routes[path];
    if (route) route(req, res);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Endless responses keep sockets open; end them so the server can stop.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A one-colour PNG `width` × `height`, for lazy images. */
export function pngRoute(png: Buffer, delayMs = 0): Route {
  return (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      res.end(png);
    }, delayMs);
  };
}
