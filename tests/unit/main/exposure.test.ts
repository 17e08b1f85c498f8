import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../../src/shared/contract.ts';
import { createFakeElectron, type FakeElectron } from './fake-electron.ts';

/**
 * Electron's checklist, item 20: no Electron API reaches web content. The preload's
 * tests show that only `window.api` is exposed; this shows the main side: the contract's
 * channels are the only IPC main listens on, and what it answers is plain data.
 */

let fake: FakeElectron;
let dataDir: string;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crit-exposure-'));
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('CRIT_USER_DATA_DIR', '');
  fake = createFakeElectron();
  fake.app.getPath.mockReturnValue(dataDir);
  vi.resetModules();
  vi.doMock('electron', () => fake);
  await import('../../../src/main/index.ts');
  fake.app.markReady();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock('electron');
  rmSync(dataDir, { recursive: true, force: true });
});

/** True when a value holds only what structured clone copies as data: no functions, no classes. */
function isPlainData(value: unknown, seen = new Set<unknown>()): boolean {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) {
    return true;
  }
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype) return false;
  return Object.values(value).every((v) => isPlainData(v, seen));
}

it('listens only on the contract channels and answers each with plain data', async () => {
  const bound = fake.ipcMain.handle.mock.calls as unknown as [
    string,
    (event: unknown, ...args: unknown[]) => Promise<unknown>,
  ][];
  expect(bound.map(([channel]) => channel).sort()).toEqual([...CHANNELS].sort());
  const fromApp = { senderFrame: { url: 'crit://app/' } };
  for (const [channel, listener] of bound) {
    // No arguments, then junk: every answer is an envelope of data, success or not.
    for (const args of [[], [{ id: 1, role: fake.app }, fake.session]]) {
      const answer = await listener(fromApp, ...args);
      expect(isPlainData(answer), channel).toBe(true);
      expect(answer, channel).toHaveProperty('ok');
    }
  }
  const listed = await bound.find(([c]) => c === 'samples:list')![1](fromApp);
  expect(listed).toMatchObject({ ok: true });
  expect(isPlainData(listed)).toBe(true);
});
