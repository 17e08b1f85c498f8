import path from 'node:path';
import { BrowserWindow, nativeTheme, screen, type WebPreferences } from 'electron';
import {
  MIN_SIZE,
  fitToDisplays,
  readWindowState,
  trackWindowState,
  writeWindowState,
} from './window-state.ts';

/** What the main window needs from the app. */
export interface MainWindowDeps {
  /** The page to load: `crit://app/`, or the dev server in development. */
  url: string;
  /** Where the window's size and position are remembered. */
  stateFile: string;
  /** Window icon where the platform takes it from the window (Linux). */
  icon?: string;
}

/** The locked-down renderer settings (Electron's security checklist). */
export const SECURE_WEB_PREFERENCES: Readonly<WebPreferences> = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  webviewTag: false,
};

/** The window's background before the page paints, matching the system theme. */
export function themeBackground(dark: boolean): string {
  return dark ? '#18181b' : '#ffffff';
}

/**
 * Creates the main window: sandboxed, with the preload as its only bridge, opened where it
 * was last closed and shown once its first frame is ready (no white flash).
 */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const initial = fitToDisplays(
    readWindowState(deps.stateFile),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  const win = new BrowserWindow({
    x: initial.x,
    y: initial.y,
    width: initial.width,
    height: initial.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Crit',
    backgroundColor: themeBackground(nativeTheme.shouldUseDarkColors),
    ...(deps.icon ? { icon: deps.icon } : {}),
    webPreferences: {
      ...SECURE_WEB_PREFERENCES,
      preload: path.join(__dirname, '../preload/index.cjs'),
    },
  });
  win.once('ready-to-show', () => {
    if (initial.isMaximized) win.maximize();
    win.show();
  });
  trackWindowState(win, (state) => writeWindowState(deps.stateFile, state));

  const followTheme = () => {
    if (!win.isDestroyed())
      win.setBackgroundColor(themeBackground(nativeTheme.shouldUseDarkColors));
  };
  nativeTheme.on('updated', followTheme);
  win.on('closed', () => nativeTheme.off('updated', followTheme));

  win.loadURL(deps.url).catch((error: unknown) => console.error('Could not load the app:', error));
  return win;
}
