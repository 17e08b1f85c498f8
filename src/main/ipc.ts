import { errorEnvelope } from '../shared/errors.ts';
import { CHANNELS } from '../shared/contract.ts';
import type { Dispatch } from '../core/dispatch.ts';

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
