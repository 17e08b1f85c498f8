import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { FakeBrowserWindow } = await import('./fake-electron.ts');
const { createMainWindow, themeBackground } = await import('../../../src/main/window.ts');

const dir = mkdtempSync(path.join(tmpdir(), 'crit-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stateFile = '';
let counter = 0;

beforeEach(() => {
  FakeBrowserWindow.instances = [];
  fake.nativeTheme.removeAllListeners();
  fake.nativeTheme.shouldUseDarkColors = false;
  stateFile = path.join(dir, `state-${counter++}.json`);
});

function open(url = 'crit://app/') {
  const win = createMainWindow({ url, stateFile }) as unknown as InstanceType<
    typeof FakeBrowserWindow
  >;
  return win;
}

describe('createMainWindow', () => {
  it('locks down every web preference', () => {
    const prefs = open().options.webPreferences!;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.spellcheck).toBe(false);
    expect(prefs.webviewTag).toBe(false);
  });

  it('sets nothing else in webPreferences that could loosen them', () => {
    expect(Object.keys(open().options.webPreferences!).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'experimentalFeatures',
        'navigateOnDragDrop',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'nodeIntegrationInWorker',
        'preload',
        'sandbox',
        'spellcheck',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
  });

  it('uses the bundled CommonJS preload', () => {
    const preload = open().options.webPreferences!.preload as string;
    expect(path.isAbsolute(preload)).toBe(true);
    expect(preload.endsWith(path.join('preload', 'index.cjs'))).toBe(true);
  });

  it('opens hidden at the default size with a minimum, titled Crit', () => {
    const { options } = open();
    expect(options).toMatchObject({
      show: false,
      width: 1600,
      height: 1000,
      minWidth: 1024,
      minHeight: 700,
      title: 'Crit',
    });
    expect(options.x).toBeUndefined();
    expect(options.y).toBeUndefined();
  });

  it('follows the system theme for its background', () => {
    expect(open().options.backgroundColor).toBe(themeBackground(false));
    fake.nativeTheme.shouldUseDarkColors = true;
    const dark = open();
    expect(dark.options.backgroundColor).toBe(themeBackground(true));
    expect(themeBackground(true)).not.toBe(themeBackground(false));
    fake.nativeTheme.shouldUseDarkColors = false;
    fake.nativeTheme.emit('updated');
    expect(dark.setBackgroundColor).toHaveBeenLastCalledWith(themeBackground(false));
  });

  it('stops following the theme once closed', () => {
    const win = open();
    win.close();
    expect(fake.nativeTheme.listenerCount('updated')).toBe(0);
  });

  it('loads the given URL', () => {
    expect(open().loadURL).toHaveBeenCalledExactlyOnceWith('crit://app/');
    expect(open('http://localhost:5173').loadURL).toHaveBeenCalledExactlyOnceWith(
      'http://localhost:5173',
    );
  });

  it('shows itself only when ready to show', () => {
    const win = open();
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
    expect(win.maximize).not.toHaveBeenCalled();
  });

  it('reopens where it was closed, maximised if it was', () => {
    const first = open();
    first.normalBounds = { x: 200, y: 100, width: 1300, height: 900 };
    first.maximized = true;
    first.close();
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
      bounds: { x: 200, y: 100, width: 1300, height: 900 },
      isMaximized: true,
    });
    const second = open();
    expect(second.options).toMatchObject({ x: 200, y: 100, width: 1300, height: 900 });
    second.emit('ready-to-show');
    expect(second.maximize).toHaveBeenCalledTimes(1);
  });

  it('falls back to defaults when the state file is bad', () => {
    writeFileSync(stateFile, '{"bounds": "nope"}');
    expect(open().options).toMatchObject({ width: 1600, height: 1000 });
  });
});
