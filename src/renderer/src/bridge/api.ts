import type { RawApi } from '../../../shared/contract.ts';
import { createApi, sendViaRawApi } from '../../../shared/proxy-api.ts';
import { sendOverHttp } from './http-transport.ts';

declare global {
  interface Window {
    /** Present in the desktop app, exposed by the preload. */
    api?: RawApi;
  }
}

/** True inside the desktop app, false in browser mode. */
export const isDesktop = typeof window !== 'undefined' && window.api !== undefined;

/** The bridge: the preload's `window.api` in the desktop app, HTTP in browser mode. */
export const api = createApi(window.api ? sendViaRawApi(window.api) : sendOverHttp);
