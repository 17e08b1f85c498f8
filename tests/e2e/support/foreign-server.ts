import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request another local server received: everything a browser sent it. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** Another web server on 127.0.0.1, as any local program could run, that records every request. */
export interface ForeignServer {
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

// It asks the browser for everything it would attach: an image, a credentialed fetch to
// itself, and a credentialed fetch to Crit's address (whose answer it cannot read).
const page = (critOrigin: string) => `<!doctype html>
<title>Another local app</title>
<img src="/pixel.png" alt="">
<script>
  fetch('/probe', { credentials: 'include' });
  fetch('${critOrigin}/api/designs:list', { method: 'POST', credentials: 'include', body: '[]' }).catch(() => {});
</script>
<h1>Another local app</h1>`;

/** Starts the foreign server; its page targets `critOrigin` too. */
export async function startForeignServer(critOrigin: string): Promise<ForeignServer> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': req.url === '/' ? 'text/html' : 'text/plain' });
    res.end(req.url === '/' ? page(critOrigin) : 'ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
