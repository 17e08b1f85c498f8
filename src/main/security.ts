import { shell, type App, type DownloadItem, type Session, type WebContents } from 'electron';
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

/**
 * True for a Blob URL the app's own page made (`blob:crit://app/…`): the only thing the
 * app ever downloads, a report it was handed over the bridge.
 */
export function isOwnBlobUrl(url: string, devServerUrl?: string): boolean {
  return url.startsWith('blob:') && isAppUrl(url.slice('blob:'.length), devServerUrl);
}

/**
 * Lets the app's page save a file it made itself: a Blob URL of its own origin, started
 * from one of its own pages. Electron then asks where to save it with the system's save
 * dialog (no save path is set). Every other download is cancelled.
 */
export function allowOwnDownloads(session: Session, devServerUrl?: string): void {
  session.on('will-download', (event, item: DownloadItem, contents: WebContents | null) => {
    const from = contents && !contents.isDestroyed() ? contents.getURL() : '';
    if (!isOwnBlobUrl(item.getURL(), devServerUrl) || !isAppUrl(from, devServerUrl)) {
      event.preventDefault();
      return;
    }
    const fileName = item.getFilename();
    const title = /\.critpkg$/i.test(fileName) ? 'Save review package' : 'Save report';
    item.setSaveDialogOptions({ title, defaultPath: fileName });
  });
}

/**
 * Denies every permission (camera, notifications, geolocation, …) a page could ask for,
 * and every download but the app's own files.
 */
export function hardenSession(session: Session, options: SecurityOptions = {}): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  allowOwnDownloads(session, options.devServerUrl);
}

/** Hardens every webContents the app ever creates, windows and anything else. */
export function installSecurity(app: App, options: SecurityOptions = {}): void {
  app.on('web-contents-created', (_event, contents) => {
    if (!options.exempt?.(contents)) hardenWebContents(contents, options);
  });
}
