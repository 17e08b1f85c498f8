import { deriveApi, type RawApi } from '../shared/contract.ts';

/** The one ipcRenderer method the bridge needs. */
export interface Invoker {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

/**
 * Builds `window.api` from the contract: one named function per call, each invoking
 * its channel. ipcRenderer itself is never exposed.
 */
export function buildApi(ipc: Invoker): RawApi {
  return deriveApi<RawApi>((channel, args) => ipc.invoke(channel, ...args));
}
