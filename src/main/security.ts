import { shell, type App, type Session, type WebContents } from 'electron';
import { isAppUrl } from './app-url.ts';

/** Opens a URL in the system browser. */
export type OpenExternal = (url: string) => Promise<void>;

/** What the hardening needs to know about the running app. */
export interface SecurityOptions {
  /** The dev server's URL in development; its origin then counts as the app's own. */
  devServerUrl?: string;
  /** Replaces shell.openExternal (tests). */
  openExternal?: OpenExternal;
  /**
   * webContents that harden themselves instead (the hidden capture windows, which must
   * load web pages and are locked to them by their own rules).
   */
  exempt?: (contents: WebContents) => boolean;
}

/**
 * True only for IPC calls from the app's own pages (`crit://app/…`, or the dev server's
 * origin in development). Anything else, including `file:` and empty URLs, is refused.
 */
export function isTrustedSender(url: string, devServerUrl?: string): boolean {
  return isAppUrl(url, devServerUrl);
}

/** Parses a URL meant for the system browser: an http(s) URL, or null. */
export function parseExternalUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/**
 * Opens an http(s) URL in the system browser and nothing else: `javascript:`, `file:`,
 * custom schemes and unparsable strings could run programs on the user's machine.
 * Resolves to whether the URL was handed over.
 */
export async function openExternalSafely(
  raw: string,
  open: OpenExternal = (url) => shell.openExternal(url),
): Promise<boolean> {
  const url = parseExternalUrl(raw);
  if (!url) return false;
  try {
    await open(url.href);
    return true;
  } catch (error) {
    console.error('Could not open an external link:', error);
    return false;
  }
}

/**
 * Locks one webContents to the app: navigations and redirects away from the app's origin
 * are cancelled (http(s) targets go to the system browser instead), new windows are
 * denied, and `<webview>` can never attach.
 */
export function hardenWebContents(contents: WebContents, options: SecurityOptions = {}): void {
  const { devServerUrl } = options;
  const openExternal = (url: string) => void openExternalSafely(url, options.openExternal);
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, devServerUrl)) return;
    event.preventDefault();
    // A link the user followed out of the app belongs in their browser.
    openExternal(event.url);
  });
  // Frames and redirects are not links the user followed: cancel without opening anything.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && !isAppUrl(event.url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, devServerUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission (camera, notifications, geolocation, …) a page could ask for. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Hardens every webContents the app ever creates, windows and anything else. */
export function installSecurity(app: App, options: SecurityOptions = {}): void {
  app.on('web-contents-created', (_event, contents) => {
    if (!options.exempt?.(contents)) hardenWebContents(contents, options);
  });
}
