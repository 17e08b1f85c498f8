import { deriveApi, type RawApi, type RawCalls } from '../shared/contract.ts';
import { eventChannel, isEventName, type OnEvent } from '../shared/events.ts';

/** The ipcRenderer methods the bridge needs. */
export interface Invoker {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

/** The ipcRenderer methods `on` needs: listeners get Electron's event object first. */
export interface EventReceiver {
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * Builds `window.api.on` from the events list. The listener gets the payload only, never
 * Electron's event object (whose `sender` would hand the page ipcRenderer itself), and
 * a name that is not declared is refused, so the page cannot listen on other channels.
 */
export function buildOn(ipc: EventReceiver): OnEvent {
  return (event, listener) => {
    if (!isEventName(event)) throw new TypeError(`Unknown event "${String(event)}".`);
    if (typeof listener !== 'function') throw new TypeError('Expected a listener function.');
    const channel = eventChannel(event);
    const forward = (_event: unknown, payload: unknown) =>
      listener(payload as Parameters<typeof listener>[0]);
    ipc.on(channel, forward);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(channel, forward);
    };
  };
}

/**
 * Builds `window.api` from the contract: one named function per call, each invoking
 * its channel, and `on` for the declared events. ipcRenderer itself is never exposed.
 */
export function buildApi(ipc: Invoker & EventReceiver): RawApi {
  const calls = deriveApi<RawCalls>((channel, args) => ipc.invoke(channel, ...args));
  return { ...calls, on: buildOn(ipc) };
}
