import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session } from 'electron';
import { SECURE_WEB_PREFERENCES } from './window.ts';

/**
 * The desktop app's PDF printer, with Electron's own Chromium: the report's HTML is
 * written to a temporary file (navigations cannot carry megabytes of inline images),
 * loaded in a hidden, sandboxed window with JavaScript off and its own in-memory session
 * that refuses every request but that file and inline images, and printed with
 * `printToPDF`, backgrounds included, at the page size the HTML asks for.
 */
export function createElectronPdfPrinter(tempDir: string): (html: string) => Promise<Uint8Array> {
  return async (html) => {
    const id = randomUUID();
    const file = path.join(tempDir, `crit-report-${id}.html`);
    const fileUrl = pathToFileURL(file).href;
    await writeFile(file, html, { mode: 0o600 });
    // No `persist:` prefix: the session lives in memory and leaves nothing behind.
    const printSession = session.fromPartition(`report-${id}`);
    printSession.webRequest.onBeforeRequest((details, callback) => {
      callback({ cancel: !(details.url === fileUrl || details.url.startsWith('data:')) });
    });
    printSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    const win = new BrowserWindow({
      show: false,
      webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false, session: printSession },
    });
    try {
      win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
      await win.loadURL(fileUrl);
      const pdf = await win.webContents.printToPDF({
        printBackground: true,
        preferCSSPageSize: true,
      });
      return new Uint8Array(pdf);
    } finally {
      win.destroy();
      await rm(file, { force: true });
    }
  };
}
