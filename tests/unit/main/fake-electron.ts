import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * A stand-in for the `electron` module: the main-process shell is tested against this,
 * because the real module would try to fetch the Electron binary.
 */

/** A webContents that records its listeners and window-open handler. */
export class FakeWebContents extends EventEmitter {
  /** The top frame: the URL it shows and what was sent to it. */
  readonly mainFrame = { url: '', send: vi.fn((_channel: string, ..._args: unknown[]) => {}) };
  destroyed = false;
  isDestroyed = () => this.destroyed;
  executeJavaScript = vi.fn(async (_code: string, _userGesture?: boolean) => undefined);
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler = vi.fn((handler: (details: { url: string }) => { action: string }) => {
    this.windowOpenHandler = handler;
  });
}

/** A navigation-like event: a URL and a preventDefault spy. */
export function fakeEvent(url = '', extra: Record<string, unknown> = {}) {
  return { url, preventDefault: vi.fn(), defaultPrevented: false, ...extra };
}

/** A BrowserWindow that records its options and calls. */
export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows = vi.fn(() => FakeBrowserWindow.instances.filter((w) => !w.destroyed));

  readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
  readonly webContents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  maximized = false;
  normalBounds = { x: 10, y: 20, width: 1200, height: 800 };

  loadURL = vi.fn(async (url: string) => {
    this.webContents.mainFrame.url = url;
  });
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn(() => {
    this.minimized = false;
  });
  maximize = vi.fn(() => {
    this.maximized = true;
  });
  setBackgroundColor = vi.fn();
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  isDestroyed = () => this.destroyed;
  getNormalBounds = () => ({ ...this.normalBounds });

  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    FakeBrowserWindow.instances.push(this);
  }

  /** Closes the window the way Electron does: `close`, then `closed`. */
  close(): void {
    this.emit('close');
    this.destroyed = true;
    this.emit('closed');
  }
}

/** A session whose permission handlers can be called. */
export function createFakeSession() {
  return {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };
}

const DISPLAY = { workArea: { x: 0, y: 0, width: 1920, height: 1080 } };

/** A whole fake `electron` module, fresh state each call. */
export function createFakeElectron() {
  FakeBrowserWindow.instances = [];
  FakeBrowserWindow.getAllWindows.mockClear();
  let ready = false;
  let markReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => {
    markReady = () => {
      ready = true;
      resolve();
    };
  });
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    setPath: vi.fn(),
    getPath: vi.fn((_name: string) => '/tmp/crit-fake-user-data'),
    getName: vi.fn(() => 'Crit'),
    getVersion: vi.fn(() => '0.1.0'),
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    isReady: vi.fn(() => ready),
    whenReady: vi.fn(() => readyPromise),
    /** Test helper: fires `ready`. */
    markReady: () => markReady(),
  });
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: { handle: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: createFakeSession() },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      setApplicationMenu: vi.fn(),
    },
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    dialog: { showErrorBox: vi.fn() },
    nativeTheme: Object.assign(new EventEmitter(), { shouldUseDarkColors: false }),
    screen: {
      getAllDisplays: vi.fn(() => [DISPLAY]),
      getPrimaryDisplay: vi.fn(() => DISPLAY),
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
