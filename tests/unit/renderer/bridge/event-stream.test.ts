import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectEventStream,
  createSseParser,
  readMessage,
  type SseMessage,
} from '../../../../src/renderer/src/bridge/event-stream.ts';
import { createStreamEvents } from '../../../../src/renderer/src/bridge/events.ts';
import type { AnyEventListener } from '../../../../src/shared/events.ts';

afterEach(() => vi.restoreAllMocks());

const progress = { taskId: 't', label: 'Adding pages', done: 1, total: 2 };

function parseAll(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  for (const chunk of chunks) parser.push(chunk);
  return out;
}

describe('createSseParser', () => {
  it('reads messages cut anywhere, with any line ending, skipping comments', () => {
    const stream =
      ': connected\n\nid: 1\nevent: a\ndata: {"x":1}\n\n: ping\r\n\r\nevent: b\r\ndata: 2\r\rdata: 3\n\n';
    const whole = parseAll([stream]);
    expect(whole).toEqual([
      { event: 'a', data: '{"x":1}' },
      { event: 'b', data: '2' },
      { event: 'message', data: '3' },
    ]);
    // Every split point, including between \r and \n, gives the same messages.
    for (let at = 0; at <= stream.length; at++) {
      expect(parseAll([stream.slice(0, at), stream.slice(at)]), `split at ${at}`).toEqual(whole);
    }
    expect(parseAll([...stream])).toEqual(whole);
  });

  it('joins the data lines of one message and waits for its blank line', () => {
    expect(parseAll(['event: e\ndata: a\ndata:b\n'])).toEqual([]);
    expect(parseAll(['event: e\ndata: a\ndata:b\n\n'])).toEqual([{ event: 'e', data: 'a\nb' }]);
  });
});

describe('readMessage', () => {
  it('gives a declared event with a valid payload', () => {
    expect(readMessage({ event: 'progress:update', data: JSON.stringify(progress) })).toEqual([
      'progress:update',
      progress,
    ]);
  });

  it.each([
    ['an unknown name', { event: 'nope', data: '{}' }],
    ['a prototype key', { event: '__proto__', data: '{}' }],
    ['data that is not JSON', { event: 'menu:command', data: '{command:' }],
    ['a payload of the wrong shape', { event: 'menu:command', data: '{"command":"rm"}' }],
    ['an extra field', { event: 'menu:command', data: '{"command":"new-design","x":1}' }],
    [
      'a negative count',
      { event: 'progress:update', data: '{"taskId":"t","label":"","done":-1,"total":1}' },
    ],
  ])('refuses %s', (_name, message) => {
    expect(readMessage(message)).toBeNull();
  });
});

/** A fetch whose answers are scripted, one per call: a stream of chunks, or a status. */
function scriptedFetch(answers: (string[] | number)[]) {
  const calls: RequestInit[] = [];
  const fake = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const answer = answers.shift();
    if (answer === undefined) return new Promise<Response>(() => {});
    if (typeof answer === 'number') return new Response('no', { status: answer });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  return { fetch: fake as unknown as typeof fetch, calls };
}

describe('connectEventStream', () => {
  it('hands valid events to the listener and ignores malformed ones', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetch, calls } = scriptedFetch([
      [
        ': connected\n\n',
        'event: nope\ndata: {}\n\n',
        'event: menu:command\ndata: {"command":"rm -rf"}\n\n',
        'event: progress:update\ndata: not json\n\n',
        `event: progress:update\ndata: ${JSON.stringify(progress)}\n\n`,
        'event: menu:command\ndata: {"command":"import-pages"}\n\n',
      ],
    ]);
    const listener = vi.fn();
    const stop = connectEventStream(listener, { fetch, initialDelayMs: 5 });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(2));
    expect(listener.mock.calls).toEqual([
      ['progress:update', progress],
      ['menu:command', { command: 'import-pages' }],
    ]);
    // Credentials come from authorisedFetch (the tab's token as a header), never from cookies.
    expect(calls[0]).toMatchObject({ headers: { accept: 'text/event-stream' } });
    expect(calls[0]).not.toHaveProperty('credentials');
    stop();
  });

  it('reconnects with a growing pause after failures, reset once a stream opens', async () => {
    const { fetch } = scriptedFetch([
      401,
      503,
      ['event: menu:command\ndata: {"command":"new-design"}\n\n'],
      500,
    ]);
    const waits: number[] = [];
    const listener = vi.fn();
    const stop = connectEventStream(listener, {
      fetch,
      initialDelayMs: 5,
      maxDelayMs: 12,
      onDisconnect: (_reason, retryInMs) => waits.push(retryInMs),
    });
    await vi.waitFor(() => expect(waits).toHaveLength(4));
    expect(listener).toHaveBeenCalledExactlyOnceWith('menu:command', { command: 'new-design' });
    // 401, 503: 5 then 10; the stream opened (reset) and ended: 5; then 500: 10.
    expect(waits).toEqual([5, 10, 5, 10]);
    stop();
  });

  it('stops for good when closed', async () => {
    const { fetch } = scriptedFetch([500, 500, 500, 500]);
    const onDisconnect = vi.fn();
    const stop = connectEventStream(() => {}, { fetch, initialDelayMs: 30, onDisconnect });
    await vi.waitFor(() => expect(onDisconnect).toHaveBeenCalled());
    stop();
    const calls = vi.mocked(fetch).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(vi.mocked(fetch).mock.calls.length).toBe(calls);
  });
});

describe('createStreamEvents', () => {
  it('opens one stream for all listeners and closes it with the last', async () => {
    let deliver: AnyEventListener = () => {};
    const close = vi.fn();
    const start = vi.fn((listener: AnyEventListener) => {
      deliver = listener;
      return close;
    });
    const on = createStreamEvents(async () => start);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = on('progress:update', a);
    const stopB = on('menu:command', b);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    deliver('progress:update', progress);
    deliver('menu:command', { command: 'new-design' });
    expect(a).toHaveBeenCalledExactlyOnceWith(progress);
    expect(b).toHaveBeenCalledExactlyOnceWith({ command: 'new-design' });
    stopA();
    expect(close).not.toHaveBeenCalled();
    deliver('progress:update', progress);
    expect(a).toHaveBeenCalledTimes(1);
    stopB();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('opens nothing when everyone left before the client loaded', async () => {
    const start = vi.fn(() => () => {});
    const on = createStreamEvents(async () => start);
    on('progress:update', () => {})();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).not.toHaveBeenCalled();
  });
});
