import { randomUUID } from 'node:crypto';
import { BrowserWindow, session, type WebContents } from 'electron';
import type {
  CaptureSessionHandle,
  CaptureTarget,
  OpenCaptureSession,
} from '../core/capture/index.ts';
import { isAllowedCaptureNavigation, isAllowedCaptureRequest } from '../core/capture/index.ts';

/** The CDP version `webContents.debugger` is attached with. */
const PROTOCOL_VERSION = '1.3';

/** The sessions of capture windows, so the app's hardening can leave them to their own. */
const captureSessions = new WeakSet<object>();

/**
 * True for the webContents of a capture window (known by its session, which exists
 * before the window does, when `web-contents-created` fires).
 */
export function isCaptureContents(contents: { session: object }): boolean {
  return captureSessions.has(contents.session);
}

/**
 * Opens a hidden, sandboxed window for one capture and hands its CDP session to the
 * engine. The window has its own in-memory session (`capture-<uuid>`, never `persist:`),
 * no preload and no Node; downloads are cancelled, new windows denied, permission
 * requests and checks refused, and only http(s) (plus the one chosen file) may be
 * navigated to or requested. Closing the handle detaches, destroys the window and clears
 * the session's storage.
 */
export const openCaptureWindow: OpenCaptureSession = async (target: CaptureTarget) => {
  const allowedFile = target.url.startsWith('file:') ? target.url : undefined;
  const partition = `capture-${randomUUID()}`;
  const ses = session.fromPartition(partition, { cache: false });
  captureSessions.add(ses);
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler?.(() => false);
  ses.on('will-download', (event) => event.preventDefault());
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedCaptureRequest(details.url, allowedFile) }),
  );

  const win = new BrowserWindow({
    show: false,
    width: target.width,
    height: 900,
    webPreferences: {
      session: ses,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      backgroundThrottling: false,
      spellcheck: false,
    },
  });
  const contents = win.webContents;
  lockDown(contents, allowedFile);
  try {
    contents.debugger.attach(PROTOCOL_VERSION);
  } catch (error) {
    win.destroy();
    throw error;
  }
  return adaptDebugger(contents, async () => {
    if (contents.debugger.isAttached()) contents.debugger.detach();
    if (!win.isDestroyed()) win.destroy();
    await ses.clearStorageData().catch(() => {});
  });
};

/** New windows denied; navigations and redirects only to allowed addresses. */
function lockDown(contents: WebContents, allowedFile: string | undefined): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: { url: string; preventDefault(): void }) => {
    if (!isAllowedCaptureNavigation(event.url, allowedFile)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** What the adapter needs of a webContents: its debugger. */
export interface DebuggerLike {
  sendCommand(method: string, params?: object): Promise<unknown>;
  on(
    event: 'message',
    listener: (event: unknown, method: string, params: unknown) => void,
  ): unknown;
  removeListener(
    event: 'message',
    listener: (event: unknown, method: string, params: unknown) => void,
  ): unknown;
}

/** Wraps `webContents.debugger` in the engine's `send` and `on`. */
export function adaptDebugger(
  contents: { debugger: DebuggerLike },
  close: () => Promise<void>,
): CaptureSessionHandle {
  const dbg = contents.debugger;
  let closing: Promise<void> | null = null;
  return {
    send: (method, params) => dbg.sendCommand(method, params),
    on(event, handler) {
      const listener = (_event: unknown, method: string, params: unknown) => {
        if (method === event) handler(params);
      };
      dbg.on('message', listener);
      return () => void dbg.removeListener('message', listener);
    },
    close: () => (closing ??= close().catch(() => {})),
  };
}
