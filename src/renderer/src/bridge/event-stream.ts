import { checkEvent, type AnyEventListener, type EventName } from '../../../shared/events.ts';
import { authorisedFetch } from './session.ts';

/** Where the server streams events (`EVENT_STREAM_PATH` in src/server/event-stream.ts). */
export const EVENT_STREAM_URL = '/api-events';

/** One message as the SSE format frames it. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A parser for the `text/event-stream` format: feed it text as it arrives, in chunks
 * cut anywhere, and it calls `onMessage` for each complete message. Comment lines
 * (heartbeats) are skipped; `data` lines of one message are joined by newlines.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      // Lines end in \n, \r\n or \r; a trailing \r may be the first half of \r\n.
      const parts = buffer.split(/\r\n|\n|\r(?!$)/);
      buffer = parts.pop() ?? '';
      for (const part of parts) line(part);
    },
  };
}

/**
 * Checks one arrived message against the events list: the event and its payload as
 * declared, or null for an unknown name, JSON that does not parse, or a payload that
 * breaks its schema. The server is trusted no more than any other input.
 */
export function readMessage(message: SseMessage): [EventName, unknown] | null {
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch {
    return null;
  }
  const checked = checkEvent(message.event, payload);
  return checked === null ? null : [message.event as EventName, checked];
}

export interface EventStreamOptions {
  url?: string;
  /** First wait before reconnecting; it doubles after each failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  fetch?: typeof fetch;
  /** Told of each stream that could not open or broke off, and when it will retry. */
  onDisconnect?: (reason: string, retryInMs: number) => void;
}

/**
 * Reads the server's event stream with `fetch` and a stream reader (so it can carry the
 * same credentials as API calls) and hands each valid event to `listener`. When the
 * stream fails or ends it reconnects after a growing pause, reset once a stream opens.
 * The returned function closes it for good.
 */
export function connectEventStream(
  listener: AnyEventListener,
  options: EventStreamOptions = {},
): () => void {
  const url = options.url ?? EVENT_STREAM_URL;
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 15_000;
  // The same credentials as bridge calls: the tab's token in a header, never a cookie.
  const doFetch = options.fetch ?? ((input, init) => authorisedFetch(String(input), init));
  const abort = new AbortController();
  let delay = initial;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (message: SseMessage) => {
    const read = readMessage(message);
    if (!read) return console.warn(`Crit ignored a malformed "${message.event}" event.`);
    try {
      listener(read[0], read[1] as never);
    } catch (error) {
      console.error(error);
    }
  };

  const readOnce = async () => {
    const response = await doFetch(url, {
      headers: { accept: 'text/event-stream' },
      cache: 'no-store',
      signal: abort.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      throw new Error(`the event stream answered ${response.status}`);
    }
    delay = initial;
    const parser = createSseParser(deliver);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.push(value);
    }
  };

  const run = () => {
    readOnce()
      .then(
        () => 'the event stream ended',
        (error: unknown) => String(error),
      )
      .then((reason) => {
        if (abort.signal.aborted) return;
        options.onDisconnect?.(reason, delay);
        timer = setTimeout(run, delay);
        delay = Math.min(delay * 2, max);
      });
  };
  run();

  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}
