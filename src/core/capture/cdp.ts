/**
 * The one way the capture engine talks to a browser: Chrome DevTools Protocol commands
 * and events. Each host supplies these (Playwright's CDP session in browser mode and
 * tests, `webContents.debugger` in the desktop app), so the core imports neither.
 */

/** Sends one CDP command to the page's target and resolves to its result. */
export type CdpSend = (method: string, params?: object) => Promise<unknown>;

/** Listens to one CDP event; the returned function stops listening. */
export type CdpOn = (event: string, handler: (params: unknown) => void) => () => void;

/** A page the engine may drive: commands and events of one target. */
export interface CdpSession {
  send: CdpSend;
  on: CdpOn;
}

/** A session opened by a host for one capture; `close` ends the page and its storage. */
export interface CaptureSessionHandle extends CdpSession {
  /** Closes the page and throws away its session; safe to call more than once. */
  close(): Promise<void>;
}

/** What a capture asks its host for: a fresh page allowed to load `url` (and http(s)). */
export interface CaptureTarget {
  /** The address to capture: http(s), or the one file:// URL the user chose. */
  url: string;
  /** The viewport width in CSS pixels (the window is made this wide). */
  width: number;
}

/** Opens a fresh, isolated page for one capture. Hosts implement this. */
export type OpenCaptureSession = (target: CaptureTarget) => Promise<CaptureSessionHandle>;
