import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import { openCore } from '../core/open-core.ts';
import { APP_SCHEME, APP_URL } from './app-url.ts';
import { bindContract } from './ipc.ts';
import { HELP_URL, installMenu } from './menu.ts';
import { registerAppProtocol } from './protocol.ts';
import { hardenSession, installSecurity, isTrustedSender, openExternalSafely } from './security.ts';
import { createMainWindow } from './window.ts';

// The dev server is trusted only in unpackaged runs; a packaged app always loads crit://app/.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL || undefined;

// A separate data folder per run, for tests and for trying things without touching real data.
if (process.env.CRIT_USER_DATA_DIR)
  app.setPath('userData', path.resolve(process.env.CRIT_USER_DATA_DIR));

// Must happen before `ready`: a standard, secure scheme gets an origin, fetch and storage.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
  },
]);
app.enableSandbox();
installSecurity(app, { devServerUrl });

/** Bundled artwork: next to the sources in development, in the app's resources when packaged. */
const resourcesDir = app.isPackaged
  ? path.join(process.resourcesPath, 'resources')
  : path.join(__dirname, '../../resources');
const rendererDir = path.join(__dirname, '../renderer');

let mainWindow: BrowserWindow | null = null;

function openMainWindow(): BrowserWindow {
  const icon = path.join(resourcesDir, 'icon.png');
  const win = createMainWindow({
    url: devServerUrl ?? APP_URL,
    stateFile: path.join(app.getPath('userData'), 'window-state.json'),
    icon: process.platform === 'linux' && existsSync(icon) ? icon : undefined,
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  mainWindow = win;
  return win;
}

function focusMainWindow(): void {
  const win = mainWindow;
  // A new window shows itself once it has painted.
  if (!win || win.isDestroyed()) return void openMainWindow();
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

function start(): void {
  const core = openCore({ resourcesDir, rendererDir, dataDir: app.getPath('userData') });
  app.on('will-quit', () => core.close());
  bindContract(ipcMain, core.dispatch, (url) => isTrustedSender(url, devServerUrl));
  hardenSession(session.defaultSession);
  registerAppProtocol(core.media);
  installMenu({
    appName: app.getName(),
    isMac: process.platform === 'darwin',
    isDev: !app.isPackaged,
    openHelp: () => void openExternalSafely(HELP_URL),
  });
  openMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Crit is running; it gets our launch through `second-instance` and takes focus.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (app.isReady()) focusMainWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error(error);
      dialog.showErrorBox('Crit could not start', String(error));
      app.exit(1);
    });
}
