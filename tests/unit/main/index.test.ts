import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../../src/shared/contract.ts';
import { createFakeElectron, FakeBrowserWindow, type FakeElectron } from './fake-electron.ts';

let fake: FakeElectron;
let dataDir: string;
const platform = process.platform;

function setPlatform(value: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { value, configurable: true });
}

/** Loads the entry point afresh against a fresh fake electron, as a launch would. */
async function launch(setup: (fake: FakeElectron) => void = () => {}): Promise<void> {
  fake = createFakeElectron();
  fake.app.getPath.mockReturnValue(dataDir);
  setup(fake);
  vi.resetModules();
  vi.doMock('electron', () => fake);
  await import('../../../src/main/index.ts');
}

async function ready(): Promise<void> {
  fake.app.markReady();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crit-main-'));
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('CRIT_USER_DATA_DIR', '');
});

afterEach(() => {
  setPlatform(platform);
  vi.unstubAllEnvs();
  vi.doUnmock('electron');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('before ready', () => {
  it('registers crit as a privileged standard, secure scheme without CORS', async () => {
    await launch();
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([
      {
        scheme: 'crit',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
      },
    ]);
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(fake.app.listenerCount('web-contents-created')).toBe(1);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('uses the data folder from CRIT_USER_DATA_DIR when given', async () => {
    vi.stubEnv('CRIT_USER_DATA_DIR', dataDir);
    await launch();
    expect(fake.app.setPath).toHaveBeenCalledExactlyOnceWith('userData', dataDir);
  });
});

describe('on ready', () => {
  it('binds every contract channel, serves crit://, sets the menu and opens the app', async () => {
    await launch();
    await ready();
    const bound = fake.ipcMain.handle.mock.calls.map(([channel]) => channel);
    expect(bound).toEqual([...CHANNELS]);
    expect(fake.protocol.handle).toHaveBeenCalledWith('crit', expect.any(Function));
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    const session = fake.session.defaultSession;
    expect(session.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(FakeBrowserWindow.instances[0]!.loadURL).toHaveBeenCalledWith('crit://app/');
  });

  it('answers calls from the app and refuses other senders', async () => {
    await launch();
    await ready();
    const [, listener] = fake.ipcMain.handle.mock.calls.find(
      ([channel]) => channel === 'samples:list',
    ) as unknown as [string, (event: unknown, ...args: unknown[]) => Promise<unknown>];
    const fromApp = await listener({ senderFrame: { url: 'crit://app/index.html' } });
    expect(fromApp).toMatchObject({ ok: true });
    const fromElsewhere = await listener({ senderFrame: { url: 'https://example.com/' } });
    expect(fromElsewhere).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    const fromDevServer = await listener({ senderFrame: { url: 'http://localhost:5173/' } });
    expect(fromDevServer).toMatchObject({ ok: false });
  });

  it('loads and trusts the dev server in development', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    await launch();
    await ready();
    expect(FakeBrowserWindow.instances[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173');
    const [, listener] = fake.ipcMain.handle.mock.calls[0] as unknown as [
      string,
      (event: unknown, ...args: unknown[]) => Promise<unknown>,
    ];
    expect(await listener({ senderFrame: { url: 'http://localhost:5173/' } })).not.toMatchObject({
      error: { message: 'Untrusted sender.' },
    });
  });

  it('ignores the dev server URL in a packaged app and serves media from its resources', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    // Packaged layout: <resourcesPath>/resources/samples/…, as electron-builder.yml copies it.
    mkdirSync(path.join(dataDir, 'resources', 'samples'), { recursive: true });
    writeFileSync(path.join(dataDir, 'resources', 'samples', 'a.png'), 'PNG');
    Object.defineProperty(process, 'resourcesPath', { value: dataDir, configurable: true });
    try {
      await launch((f) => {
        f.app.isPackaged = true;
      });
      await ready();
    } finally {
      Reflect.deleteProperty(process, 'resourcesPath');
    }
    expect(FakeBrowserWindow.instances[0]!.loadURL).toHaveBeenCalledWith('crit://app/');
    const [, handle] = fake.protocol.handle.mock.calls[0] as unknown as [
      string,
      (request: Request) => Promise<Response>,
    ];
    const res = await handle(new Request('crit://app/media/samples/a.png'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('PNG');
  });

  it('reports a failed start and exits', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await launch((f) => {
      f.ipcMain.handle.mockImplementation(() => {
        throw new Error('boom');
      });
    });
    await ready();
    expect(fake.dialog.showErrorBox).toHaveBeenCalledWith('Crit could not start', 'Error: boom');
    expect(fake.app.exit).toHaveBeenCalledWith(1);
    error.mockRestore();
  });
});

describe('single instance', () => {
  it('quits at once when another instance holds the lock', async () => {
    await launch((f) => f.app.requestSingleInstanceLock.mockReturnValue(false));
    expect(fake.app.quit).toHaveBeenCalledTimes(1);
    expect(fake.app.listenerCount('second-instance')).toBe(0);
    await ready();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('brings the first window back when a second launch happens', async () => {
    await launch();
    await ready();
    const win = FakeBrowserWindow.instances[0]!;
    win.minimized = true;
    fake.app.emit('second-instance', {}, ['crit'], '/');
    expect(win.restore).toHaveBeenCalledTimes(1);
    expect(win.focus).toHaveBeenCalledTimes(1);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('opens a window for a second launch when none is open (macOS)', async () => {
    setPlatform('darwin');
    await launch();
    await ready();
    FakeBrowserWindow.instances[0]!.close();
    fake.app.emit('second-instance', {}, ['crit'], '/');
    expect(FakeBrowserWindow.instances).toHaveLength(2);
  });
});

describe('windows closing', () => {
  it('quits when the last window closes on Linux and Windows', async () => {
    setPlatform('linux');
    await launch();
    await ready();
    fake.app.emit('window-all-closed');
    expect(fake.app.quit).toHaveBeenCalledTimes(1);
  });

  it('stays running on macOS and reopens a window on activate', async () => {
    setPlatform('darwin');
    await launch();
    await ready();
    FakeBrowserWindow.instances[0]!.close();
    fake.app.emit('window-all-closed');
    expect(fake.app.quit).not.toHaveBeenCalled();
    fake.app.emit('activate');
    expect(FakeBrowserWindow.instances).toHaveLength(2);
    // With a window open, activate does not open another.
    fake.app.emit('activate');
    expect(FakeBrowserWindow.instances).toHaveLength(2);
  });
});

describe('events to the window', () => {
  /** What the app's window was sent on one event's channel. */
  function sentOn(win: FakeBrowserWindow, event: string): unknown[] {
    return win.webContents.mainFrame.send.mock.calls
      .filter(([channel]) => channel === `event:${event}`)
      .map(([, payload]) => payload);
  }

  function clickFileItem(label: string): void {
    const template = fake.Menu.buildFromTemplate.mock.calls[0]![0] as {
      label?: string;
      submenu?: { label?: string; click?: () => void }[];
    }[];
    const item = template.find((m) => m.label === 'File')?.submenu?.find((i) => i.label === label);
    if (!item?.click) throw new Error(`No File › ${label}`);
    item.click();
  }

  it('hands File › New design… and Import pages… to the window, with a user activation', async () => {
    await launch();
    await ready();
    const win = FakeBrowserWindow.instances[0]!;
    clickFileItem('New design…');
    clickFileItem('Import pages…');
    await vi.waitFor(() => expect(sentOn(win, 'menu:command')).toHaveLength(2));
    expect(sentOn(win, 'menu:command')).toEqual([
      { command: 'new-design' },
      { command: 'import-pages' },
    ]);
    // The file chooser needs the activation the menu click was; IPC alone carries none.
    expect(win.webContents.executeJavaScript).toHaveBeenCalledWith('void 0', true);
  });

  it('sends nothing to a window that left the app', async () => {
    await launch();
    await ready();
    const win = FakeBrowserWindow.instances[0]!;
    win.webContents.mainFrame.url = 'https://evil.example/';
    clickFileItem('New design…');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(win.webContents.mainFrame.send).not.toHaveBeenCalled();
  });
});
