import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub, type EventHub } from '../../../src/core/events.ts';
import type { AddressInfo } from 'node:net';
import { streamEvents } from '../../../src/server/event-stream.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import type { AnyEventListener } from '../../../src/shared/events.ts';

const TOKEN = 'f00dcafef00dcafef00dcafef00dcafef00dcafef00dcafe';
const PATH = '/api-events';
let server: RunningServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

/** A hub whose subscribers can be counted and fed anything, as a buggy core might. */
function openHub() {
  const listeners = new Set<AnyEventListener>();
  const hub: EventHub = {
    emit: (event, payload) => listeners.forEach((l) => l(event, payload)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const raw = (event: string, payload: unknown) =>
    listeners.forEach((l) => (l as (e: string, p: unknown) => void)(event, payload));
  return { hub, listeners, raw };
}

async function start(events: EventHub) {
  server = await startServer({
    dispatch: async () => ({ ok: true, value: null }),
    events,
    token: TOKEN,
    resourcesDir: '/nonexistent',
    rendererDir: '/nonexistent',
    imagesDir: '/nonexistent',
  });
  return server;
}

/** An open stream: everything received so far, and a way to hang up. */
function connect(port: number, headers: Record<string, string>) {
  let text = '';
  let status = 0;
  let contentType = '';
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: PATH,
    headers: { Host: `127.0.0.1:${port}`, ...headers },
  });
  const opened = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type']);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', () => {});
      resolve();
    });
    req.on('error', reject);
  });
  req.end();
  return {
    opened,
    text: () => text,
    status: () => status,
    contentType: () => contentType,
    /** The messages received, as [event, parsed data]. */
    messages: () =>
      text
        .split('\n\n')
        .filter((block) => block.includes('data: '))
        .map((block) => {
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          return [field('event'), JSON.parse(field('data') ?? 'null')] as const;
        }),
    close: () => req.destroy(),
  };
}

const bearer = { Authorization: `Bearer ${TOKEN}` };
const step = (done: number) => ({ taskId: 'a', label: 'Adding pages', done, total: 3 });

describe('the event stream', () => {
  it('refuses a request without the token, and one naming another host', async () => {
    const { hub, listeners } = openHub();
    const { port } = await start(hub);
    const anonymous = connect(port, {});
    await anonymous.opened;
    expect(anonymous.status()).toBe(401);
    const wrongToken = connect(port, { Authorization: 'Bearer nope' });
    await wrongToken.opened;
    expect(wrongToken.status()).toBe(401);
    const rebound = connect(port, { ...bearer, Host: `evil.example:${port}` });
    await rebound.opened;
    expect(rebound.status()).toBe(403);
    expect(listeners.size).toBe(0);
  });

  it('refuses anything but GET', async () => {
    const { port } = await start(createEventHub());
    const res = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: 'POST',
      // From the page's own origin, so the guard lets it reach the route.
      headers: { ...bearer, Origin: `http://127.0.0.1:${port}` },
    });
    expect(res.status).toBe(405);
  });

  it('streams events to an authorised client in the order they happen', async () => {
    const hub = createEventHub();
    const { port } = await start(hub);
    const client = connect(port, bearer);
    await client.opened;
    expect(client.status()).toBe(200);
    expect(client.contentType()).toMatch(/^text\/event-stream/);
    await expect.poll(client.text).toContain(': connected');

    hub.emit('progress:update', step(0));
    hub.emit('menu:command', { command: 'new-design' });
    hub.emit('progress:update', { ...step(3), finished: true });
    await expect.poll(() => client.messages().length).toBe(3);
    expect(client.messages()).toEqual([
      ['progress:update', step(0)],
      ['menu:command', { command: 'new-design' }],
      ['progress:update', { ...step(3), finished: true }],
    ]);
    expect(client.text()).toMatch(/^id: 1$/m);
    expect(client.text()).toMatch(/^id: 3$/m);
    client.close();
  });

  it('takes no cookie as a credential: other local servers see cookies', async () => {
    const hub = createEventHub();
    const { port } = await start(hub);
    const client = connect(port, { Cookie: `crit-token=${TOKEN}` });
    await client.opened;
    expect(client.status()).toBe(401);
    client.close();
  });

  it('never sends an unknown event or a payload that breaks its declaration', async () => {
    const { hub, raw } = openHub();
    const { port } = await start(hub);
    const client = connect(port, bearer);
    await client.opened;
    await expect.poll(client.text).toContain(': connected');
    raw('nope:nothing', { x: 1 });
    raw('__proto__', {});
    raw('progress:update', { taskId: 'a', done: 'lots' });
    raw('menu:command', { command: 'new-design', extra: '<script>' });
    raw('app:open-files', { paths: Array.from({ length: 101 }, () => '/a.critpkg') });
    raw('menu:command', { command: 'import-pages' });
    await expect.poll(() => client.messages().length).toBe(1);
    expect(client.messages()).toEqual([['menu:command', { command: 'import-pages' }]]);
    expect(client.text()).not.toContain('nope');
    expect(client.text()).not.toContain('script');
    client.close();
  });

  it('keeps the stream alive with heartbeat comments, and stops them on hang-up', async () => {
    const { hub, listeners } = openHub();
    let ended = false;
    const bare = http.createServer((req, res) => {
      void streamEvents(req, res, hub, { heartbeatMs: 20 }).then(() => (ended = true));
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const { port } = bare.address() as AddressInfo;
    try {
      const client = connect(port, {});
      await client.opened;
      await expect.poll(() => client.text().match(/^: ping$/gm)?.length ?? 0).toBeGreaterThan(2);
      client.close();
      await expect.poll(() => ended).toBe(true);
      expect(listeners.size).toBe(0);
    } finally {
      bare.closeAllConnections();
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('drops its subscription when the client goes away', async () => {
    const { hub, listeners } = openHub();
    const { port } = await start(hub);
    const first = connect(port, bearer);
    const second = connect(port, bearer);
    await Promise.all([first.opened, second.opened]);
    await expect.poll(() => listeners.size).toBe(2);
    first.close();
    await expect.poll(() => listeners.size).toBe(1);
    hub.emit('menu:command', { command: 'new-design' });
    await expect.poll(() => second.messages().length).toBe(1);
    second.close();
    await expect.poll(() => listeners.size).toBe(0);
  });

  it('drops every subscription when the server closes', async () => {
    const { hub, listeners } = openHub();
    const { port } = await start(hub);
    const client = connect(port, bearer);
    await client.opened;
    await expect.poll(() => listeners.size).toBe(1);
    await server!.close();
    server = null;
    await expect.poll(() => listeners.size).toBe(0);
  });
});
