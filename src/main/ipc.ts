import { errorEnvelope } from '../shared/errors.ts';
import { CHANNELS } from '../shared/contract.ts';
import type { Dispatch } from '../core/dispatch.ts';
import type { EventHub } from '../core/events.ts';
import { eventChannel } from '../shared/events.ts';

/** The parts of an IPC event the binding looks at. */
export interface IpcEventLike {
  senderFrame: { url: string } | null;
}

/** The one ipcMain method the binding needs. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
}

/**
 * Binds every contract channel to ipcMain. Calls from a frame that is not the app's
 * own are refused before their arguments are looked at.
 */
export function bindContract(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrustedSender: (url: string) => boolean,
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, ...args) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url)) {
        return errorEnvelope('invalid-argument', 'Untrusted sender.');
      }
      return dispatch(channel, args);
    });
  }
}

/** The parts of a window's webContents the event binding uses. */
export interface EventTarget {
  isDestroyed(): boolean;
  /** The top frame: its URL is checked, and it is what the event is sent to. */
  mainFrame: { url: string; send(channel: string, ...args: unknown[]): void } | null;
}

/**
 * Forwards every hub event to the app's windows, each on its own channel. A window is
 * sent nothing unless its main frame shows the app's own page, checked at every send:
 * a window that navigated elsewhere must not receive what the app says.
 */
export function bindEvents(
  hub: EventHub,
  targets: () => Iterable<EventTarget>,
  isTrustedSender: (url: string) => boolean,
): () => void {
  return hub.subscribe((event, payload) => {
    const channel = eventChannel(event);
    for (const contents of targets()) {
      if (contents.isDestroyed()) continue;
      const frame = contents.mainFrame;
      if (!frame || !isTrustedSender(frame.url)) continue;
      frame.send(channel, payload);
    }
  });
}
