import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const electronDir = path.join(root, 'node_modules', 'electron');

/**
 * Whether an Electron binary is on this machine. Checked by hand, because requiring
 * 'electron' from Node would start downloading one.
 */
function binaryAvailable(): boolean {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return true;
  const pathFile = path.join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  return existsSync(path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

test.skip(!binaryAvailable(), 'Electron binary not installed on this machine');

test('launches, shows the landing screen and opens a sample', async () => {
  const userData = mkdtempSync(path.join(tmpdir(), 'crit-electron-'));
  const app = await electron.launch({
    args: [path.join(root, 'out', 'main', 'index.js')],
    cwd: root,
    env: { ...process.env, CRIT_USER_DATA_DIR: userData, ELECTRON_RENDERER_URL: '' },
  });
  try {
    const window = await app.firstWindow();
    expect(window.url()).toMatch(/^crit:\/\/app\//);
    await expect(window.getByRole('heading', { name: /feedback/i }).first()).toBeVisible();

    const sample = window
      .getByRole('link', { name: /Netflix UI/ })
      .or(window.getByRole('button', { name: /Netflix UI/ }))
      .first();
    await sample.click();
    const header = window.getByRole('banner').first();
    await expect(header.getByText('Netflix UI')).toBeVisible();
    expect(window.url()).toMatch(/^crit:\/\/app\/.*netflix/);

    // The renderer is sandboxed: no Node, no ipcRenderer, only the bridge.
    const globals = await window.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      api: typeof (globalThis as { api?: unknown }).api,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', api: 'object' });
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
