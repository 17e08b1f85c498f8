import { existsSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeBrowserWindow, FakeWebContents } from './fake-electron.ts';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { createElectronPdfPrinter } = await import('../../../src/main/pdf-printer.ts');

type RequestFilter = (details: { url: string }, callback: (r: { cancel: boolean }) => void) => void;
let filter: RequestFilter | null = null;
let permissions: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null;
let dir = '';
const printed = vi.fn(async () => Buffer.from('%PDF-1.7 fake'));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crit-print-'));
  Object.assign(fake.session, {
    fromPartition: vi.fn((_partition: string) => ({
      webRequest: { onBeforeRequest: (f: RequestFilter) => (filter = f) },
      setPermissionRequestHandler: (h: typeof permissions) => (permissions = h),
    })),
  });
  Object.assign(FakeBrowserWindow.prototype, {
    destroy(this: FakeBrowserWindow) {
      this.destroyed = true;
    },
  });
  Object.assign(FakeWebContents.prototype, { printToPDF: printed });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the desktop PDF printer', () => {
  test('prints in a hidden, sandboxed window with scripts off and an in-memory session', async () => {
    const print = createElectronPdfPrinter(dir);
    const pdf = await print('<!doctype html><p>Report</p>');
    expect(new TextDecoder().decode(pdf)).toBe('%PDF-1.7 fake');
    const win = FakeBrowserWindow.instances.at(-1)!;
    expect(win.options.show).toBe(false);
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    });
    expect(win.options.webPreferences).not.toHaveProperty('preload');
    const partition = vi.mocked(
      fake.session as unknown as { fromPartition: (p: string) => unknown },
    ).fromPartition;
    expect(vi.mocked(partition).mock.calls[0]![0]).not.toMatch(/^persist:/);
    expect(printed).toHaveBeenCalledWith({ printBackground: true, preferCSSPageSize: true });
    // The window is gone and the temporary file removed.
    expect(win.destroyed).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('refuses every request but the report file and inline images, and every permission', async () => {
    const print = createElectronPdfPrinter(dir);
    const win = vi.fn();
    printed.mockImplementationOnce(async () => {
      const loaded = FakeBrowserWindow.instances.at(-1)!.loadURL.mock.calls[0]![0];
      const decide = (url: string) =>
        new Promise<boolean>((resolve) => filter!({ url }, (r) => resolve(r.cancel)));
      win(await decide(loaded), await decide('data:image/jpeg;base64,AAAA'));
      win(await decide('https://tracker.invalid/pixel.gif'), await decide('file:///etc/passwd'));
      permissions!(null, 'media', (ok) => win(ok));
      expect(existsSync(new URL(loaded))).toBe(true);
      return Buffer.from('%PDF');
    });
    await print('<p>x</p>');
    expect(win.mock.calls).toEqual([[false, false], [true, true], [false]]);
  });

  test('cleans up when printing fails', async () => {
    printed.mockRejectedValueOnce(new Error('printing failed'));
    await expect(createElectronPdfPrinter(dir)('<p>x</p>')).rejects.toThrow('printing failed');
    expect(FakeBrowserWindow.instances.at(-1)!.destroyed).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });
});
