import { EventEmitter } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import type { CaptureSessionHandle } from '../../../src/core/capture/index.ts';

/** One step of a recorded capture: a command and its answer, or an event. */
export type CdpEntry =
  | { kind: 'call'; method: string; params: unknown; result?: unknown }
  | { kind: 'event'; method: string; params: unknown };

/**
 * Wraps a live session and records, in order, every command the engine sends (with the
 * browser's answer) and every event it listened to (each occurrence once).
 */
export function recordSession(live: CaptureSessionHandle): {
  handle: CaptureSessionHandle;
  log: CdpEntry[];
} {
  const log: CdpEntry[] = [];
  const recorded = new Set<string>();
  return {
    log,
    handle: {
      async send(method, params) {
        const entry: CdpEntry = { kind: 'call', method, params: params ?? null };
        log.push(entry);
        entry.result = await live.send(method, params);
        return entry.result;
      },
      on(event, handler) {
        if (!recorded.has(event)) {
          recorded.add(event);
          live.on(event, (params) => log.push({ kind: 'event', method: event, params }));
        }
        return live.on(event, handler);
      },
      close: () => live.close(),
    },
  };
}

/**
 * A stand-in for `webContents.debugger` that plays a recording back: each command must
 * be the next one recorded (same method, same parameters) and gets the recorded answer;
 * the events recorded after it are then emitted. Anything else is an error, and the
 * commands received are kept for comparison.
 */
export class ReplayDebugger extends EventEmitter {
  readonly received: { method: string; params: unknown }[] = [];
  attached = false;
  private next = 0;
  private readonly log: readonly CdpEntry[];
  constructor(log: readonly CdpEntry[]) {
    super();
    this.log = log;
  }
  attach(): void {
    this.attached = true;
  }
  detach(): void {
    this.attached = false;
  }
  isAttached(): boolean {
    return this.attached;
  }
  async sendCommand(method: string, params?: object): Promise<unknown> {
    this.received.push({ method, params: params ?? null });
    while (this.log[this.next]?.kind === 'event') this.next++;
    const entry = this.log[this.next];
    if (
      entry?.kind !== 'call' ||
      entry.method !== method ||
      !isDeepStrictEqual(entry.params, params ?? null)
    ) {
      throw new Error(`Unexpected ${method} ${JSON.stringify(params)}; recorded ${entry?.method}`);
    }
    this.next++;
    const events: CdpEntry[] = [];
    for (let i = this.next; this.log[i]?.kind === 'event'; i++) events.push(this.log[i]!);
    setTimeout(() => {
      for (const e of events) this.emit('message', {}, e.method, e.params);
    }, 0);
    return entry.result;
  }
}
