import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDataFolder } from '../../../src/core/store/data-folder.ts';
import type { PackageFile } from '../../../src/shared/domain.ts';
import { makeDesign, startMachine } from '../core/packages/machines.ts';
import { createFakeElectron, FakeBrowserWindow, type FakeElectron } from './fake-electron.ts';

/*
 * Review packages the operating system hands to the desktop app, and a data folder
 * another Crit holds: the entry point against a fake electron, as in index.test.ts.
 */
let fake: FakeElectron;
let dataDir: string;
const platform = process.platform;

function setPlatform(value: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { value, configurable: true });
}

async function launch(): Promise<void> {
  fake = createFakeElectron();
  fake.app.getPath.mockReturnValue(dataDir);
  vi.resetModules();
  vi.doMock('electron', () => fake);
  await import('../../../src/main/index.ts');
}

async function ready(): Promise<void> {
  fake.app.markReady();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** What the app's window was sent on one event's channel. */
function sentOn(win: FakeBrowserWindow, event: string): unknown[] {
  return win.webContents.mainFrame.send.mock.calls
    .filter(([channel]) => channel === `event:${event}`)
    .map(([, payload]) => payload);
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

describe('review packages handed over by the operating system', () => {
  /** A real review package of a design made on another machine, written to `file`. */
  async function writePackage(file: string): Promise<string> {
    const other = await startMachine('Jun Park');
    try {
      const { design } = await makeDesign(other, 1);
      const made = await other.call<PackageFile>('packages:export', design.id);
      writeFileSync(file, made.bytes);
      return design.id;
    } finally {
      other.close();
    }
  }

  it('opens the packages a second launch names, and announces each outcome', async () => {
    const cwd = path.join(dataDir, 'cwd');
    mkdirSync(path.join(cwd, 'folder.critpkg'), { recursive: true });
    const designId = await writePackage(path.join(cwd, 'review.critpkg'));
    writeFileSync(path.join(cwd, 'broken.critpkg'), 'PK');
    writeFileSync(path.join(cwd, 'notes.txt'), 'hi');
    await launch();
    await ready();
    const win = FakeBrowserWindow.instances[0]!;
    win.webContents.emit('did-finish-load');
    win.minimized = true;
    const argv = ['/opt/Crit/crit', '--x=a.critpkg', 'review.critpkg', 'notes.txt'];
    fake.app.emit('second-instance', {}, [...argv, 'folder.critpkg', 'broken.critpkg'], cwd);
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    await vi.waitFor(() => expect(sentOn(win, 'package:failed')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(sentOn(win, 'package:opened')).toEqual([
      expect.objectContaining({
        fileName: 'review.critpkg',
        designId,
        designName: 'Checkout flow',
        created: true,
        changed: true,
        refused: [],
      }),
    ]);
    expect(sentOn(win, 'package:failed')).toEqual([
      { fileName: 'broken.critpkg', message: expect.stringMatching(/not a zip/) },
    ]);
    expect(sentOn(win, 'app:open-files')).toEqual([]);
  });

  it('keeps a package named at a cold start until the window has loaded', async () => {
    setPlatform('darwin');
    const file = path.join(dataDir, 'review.critpkg');
    await writePackage(file);
    await launch();
    // macOS hands the file over before `ready`.
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-file', event, file);
    fake.app.emit('open-file', { preventDefault: vi.fn() }, path.join(dataDir, 'photo.png'));
    expect(event.preventDefault).toHaveBeenCalled();
    await ready();
    const win = FakeBrowserWindow.instances[0]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentOn(win, 'package:opened')).toEqual([]);
    win.webContents.emit('did-finish-load');
    await vi.waitFor(() => expect(sentOn(win, 'package:opened')).toHaveLength(1), {
      timeout: 5000,
    });
  });
});

describe('a data folder held by another Crit', () => {
  it('shows the message naming the folder and quits, without crashing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const holder = openDataFolder(dataDir);
    try {
      await launch();
      await ready();
      expect(fake.dialog.showErrorBox).toHaveBeenCalledWith(
        'Crit cannot open its data',
        expect.stringContaining(dataDir),
      );
      expect(fake.app.quit).toHaveBeenCalled();
      expect(fake.app.exit).not.toHaveBeenCalled();
      expect(FakeBrowserWindow.instances).toEqual([]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      holder.close();
      error.mockRestore();
    }
  });
});

describe('readPackageFile', () => {
  it('reads a regular file and refuses links, folders and files over the cap', async () => {
    const { readPackageFile } = await import('../../../src/main/open-packages.ts');
    const file = path.join(dataDir, 'a.critpkg');
    writeFileSync(file, 'PK0123456789');
    expect(Buffer.from(await readPackageFile(file)).toString()).toBe('PK0123456789');
    symlinkSync(file, path.join(dataDir, 'link.critpkg'));
    await expect(readPackageFile(path.join(dataDir, 'link.critpkg'))).rejects.toThrow(/a link/);
    mkdirSync(path.join(dataDir, 'dir.critpkg'));
    await expect(readPackageFile(path.join(dataDir, 'dir.critpkg'))).rejects.toThrow(
      /not a regular file|could not be read/,
    );
    await expect(readPackageFile(file, 4)).rejects.toThrow(/over 0 MiB are not accepted/);
  });
});
