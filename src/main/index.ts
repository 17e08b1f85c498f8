import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import { openCore, type Core } from '../core/open-core.ts';
import { CritError } from '../shared/errors.ts';
import { APP_SCHEME, APP_URL } from './app-url.ts';
import { bindContract, bindEvents } from './ipc.ts';
import { HELP_URL, installMenu, type MenuCommand } from './menu.ts';
import { packagePathsFrom } from './open-files.ts';
import { createPackageOpener, type PackageOpener } from './open-packages.ts';
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
let core: Core | null = null;
let opener: PackageOpener | null = null;
/** Packages named before the core was up (macOS hands them over before `ready`). */
const early: string[] = [];

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
  // Packages named at a cold start are opened once the page can hear the outcome.
  win.webContents.once('did-finish-load', () => opener?.ready());
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

/**
 * Hands a menu command to the window. A file chooser opens only with a user activation,
 * which an IPC message does not carry; the menu click was one, so the page gets it first.
 */
async function runMenuCommand(command: MenuCommand): Promise<void> {
  const win = mainWindow;
  if (!core || !win || win.isDestroyed()) return;
  await win.webContents.executeJavaScript('void 0', true).catch(() => undefined);
  core.events.emit('menu:command', { command });
}

/**
 * Opens the review packages a launch named (a second launch, a file macOS hands over)
 * and focuses the window; main reads each file and announces the outcome to the window
 * (`package:opened` / `package:failed`). Before `ready` they wait for the core.
 */
function openFiles(args: readonly unknown[], workingDirectory: string): void {
  const paths = packagePathsFrom(args, workingDirectory);
  if (!app.isReady() || !opener) return void early.push(...paths);
  focusMainWindow();
  opener.open(paths);
}

function start(): void {
  let opened: Core;
  try {
    opened = openCore({
      resourcesDir,
      rendererDir,
      dataDir: app.getPath('userData'),
      appVersion: app.getVersion(),
    });
  } catch (error) {
    // Another Crit holds the data folder (or it is from a newer Crit): say so and leave.
    if (error instanceof CritError && error.code === 'conflict') {
      dialog.showErrorBox('Crit cannot open its data', error.message);
      app.quit();
      return;
    }
    throw error;
  }
  core = opened;
  opener = createPackageOpener(opened.dispatch, opened.events);
  // A double-click that started Crit names the package in its own arguments.
  opener.open([...early.splice(0), ...packagePathsFrom(process.argv.slice(1), process.cwd())]);
  app.on('will-quit', () => opened.close());
  const trusted = (url: string) => isTrustedSender(url, devServerUrl);
  bindContract(ipcMain, opened.dispatch, trusted);
  bindEvents(
    opened.events,
    () => BrowserWindow.getAllWindows().map((win) => win.webContents),
    trusted,
  );
  hardenSession(session.defaultSession);
  registerAppProtocol(core.media);
  installMenu({
    appName: app.getName(),
    isMac: process.platform === 'darwin',
    isDev: !app.isPackaged,
    openHelp: () => void openExternalSafely(HELP_URL),
    runCommand: (command) => void runMenuCommand(command),
  });
  openMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Crit is running; it gets our launch through `second-instance` and takes focus.
  app.quit();
} else {
  app.on('second-instance', (_event, argv, workingDirectory) => openFiles(argv, workingDirectory));
  // macOS hands over files (a double-click in the Finder) this way instead of argv.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    openFiles([file], path.dirname(file));
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
