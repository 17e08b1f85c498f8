import type { Api, Channel, RawApi } from './contract.ts';
import { errorEnvelope, unwrap, type Envelope } from './errors.ts';

/** Sends one call over some transport and resolves to its envelope. */
export type Send = (channel: Channel, args: unknown[]) => Promise<Envelope<unknown>>;

/**
 * Builds the renderer-facing API from a transport. It is a proxy typed by the
 * contract, so the renderer carries no copy of the schemas: main validates.
 */
export function createApi(send: Send): Api {
  return new Proxy({} as Api, {
    get: (_target, ns) =>
      new Proxy(
        {},
        {
          get:
            (_t, method) =>
            (...args: unknown[]) =>
              send(`${String(ns)}:${String(method)}` as Channel, args).then(unwrap),
        },
      ),
  });
}

/** A transport over the preload's `window.api`, which already answers with envelopes. */
export function sendViaRawApi(raw: RawApi): Send {
  return (channel, args) => {
    const [ns, method] = channel.split(':') as [string, string];
    const fn = (raw as unknown as Record<string, Record<string, Function> | undefined>)[ns]?.[
      method
    ];
    if (typeof fn !== 'function') {
      return Promise.resolve(errorEnvelope('unknown-channel', `Unknown call "${channel}".`));
    }
    return fn(...args) as Promise<Envelope<unknown>>;
  };
}
