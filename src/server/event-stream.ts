import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventHub } from '../core/events.ts';
import { checkEvent } from '../shared/events.ts';

/** Where browser mode's renderer reads events: Server-Sent Events, one stream per page. */
export const EVENT_STREAM_PATH = '/api-events';

export interface EventStreamOptions {
  /** How often a comment line keeps idle connections (and proxies) from timing out. */
  heartbeatMs?: number;
  /** Unsent bytes a client may fall behind by before it is dropped (it reconnects). */
  maxBufferedBytes?: number;
}

/** One SSE message: the event name, then the payload as a single line of JSON. */
function message(id: number, event: string, payload: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Streams every hub event to one client until it goes away. Each event is checked
 * against its declaration again before it is written: an unknown name or a payload that
 * breaks its schema is never sent. The subscription and the heartbeat end with the
 * connection, whichever side closes it. The caller has already checked host and token.
 */
export function streamEvents(
  req: IncomingMessage,
  res: ServerResponse,
  hub: EventHub | undefined,
  options: EventStreamOptions = {},
): Promise<void> {
  if (req.method !== 'GET') {
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET' });
    return Promise.resolve(void res.end('Use GET.'));
  }
  if (!hub) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return Promise.resolve(void res.end('No event stream here.'));
  }
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    Connection: 'keep-alive',
  });
  // Sent at once, so the client knows the stream is open before any event happens.
  res.write(': connected\n\n');

  let nextId = 1;
  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    // A client that stopped reading would make the server hold every event for it.
    if (res.writableLength > maxBuffered) return void res.destroy();
    res.write(text);
  };
  const unsubscribe = hub.subscribe((event, payload) => {
    const checked = checkEvent(event, payload);
    if (checked === null) return;
    write(message(nextId++, event, checked));
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? 15_000);

  return new Promise((resolve) => {
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      resolve();
    };
    res.once('close', stop);
  });
}
