import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createDispatch, type Dispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { bindContract, type IpcEventLike } from '../../../src/main/ipc.ts';
import { isTrustedSender } from '../../../src/main/security.ts';
import { createPlaywrightCapturer } from '../../../src/server/capture-driver.ts';
import { buildApi } from '../../../src/preload/build-api.ts';
import {
  CHANNELS,
  contract,
  type Api,
  type Channel,
  type RawApi,
} from '../../../src/shared/contract.ts';
import { createApi, sendViaRawApi } from '../../../src/shared/proxy-api.ts';
import type { Envelope } from '../../../src/shared/errors.ts';

// The real preload entry imports electron; it gets this fake instead (see the last block).
const preloadFake = vi.hoisted(() => {
  const ipcRenderer = {
    invoke: vi.fn(async (channel: string) => ({ ok: true, value: channel })),
    send: vi.fn(),
    sendSync: vi.fn(),
    on: vi.fn(),
    removeListener: vi.fn(),
    postMessage: vi.fn(),
  };
  return { ipcRenderer, contextBridge: { exposeInMainWorld: vi.fn() } };
});
vi.mock('electron', () => preloadFake);

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;

/** ipcMain as far as `handle` goes, refusing a second handler for a channel like Electron. */
class FakeIpcMain {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.handlers.set(channel, listener);
  }
}

/**
 * ipcRenderer.invoke as Electron does it: arguments and results are structured-cloned, the
 * handler sees an event naming the calling frame, and a channel with no handler rejects.
 */
function fakeIpcRenderer(ipcMain: FakeIpcMain, senderUrl: string | null) {
  return {
    on: () => undefined,
    removeListener: () => undefined,
    invoke: async (channel: string, ...args: unknown[]): Promise<unknown> => {
      const listener = ipcMain.handlers.get(channel);
      if (!listener) {
        throw new Error(
          `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
        );
      }
      const event: IpcEventLike = { senderFrame: senderUrl === null ? null : { url: senderUrl } };
      return structuredClone(await listener(event, ...structuredClone(args)));
    },
  };
}

/** A valid call per channel, and what its answer must look like. */
interface Sample {
  /**
   * The arguments, or a function that first makes what the call needs through the same
   * bridge (a design to open, a page to comment on) and then returns them.
   */
  args: unknown[] | ((api: Api) => Promise<unknown[]>);
  check: (value: unknown) => void;
}

/**
 * One valid call for every channel of the contract. A channel missing here fails the test
 * below: adding a bridge call means adding its sample. Each call runs against a fresh,
 * empty data folder.
 */
const SAMPLES: Partial<Record<Channel, Sample>> = {
  'samples:list': {
    args: [],
    check: (value) => {
      expect(value).toHaveLength(2);
      expect((value as { key: string }[]).map((card) => card.key)).toEqual(['netflix', 'gemini']);
    },
  },
  'samples:open': {
    args: ['gemini'],
    check: (value) => {
      const review = value as { title: string; pages: unknown[]; reviewers: unknown[] };
      expect(review.title).toBe('Gemini UI');
      expect(review.pages).toHaveLength(2);
      expect(review.reviewers).toHaveLength(4);
    },
  },
};

/** A small real PNG, as an import would carry it. */
async function png(width = 40, height = 30): Promise<Uint8Array> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#4455ff' },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}

const makeProfile = (api: Api) => api.profile.save({ name: 'Ada Moreno', role: 'expert' });
const makeDesign = (api: Api) => api.designs.create({ name: 'Checkout', description: '' });
async function makePage(api: Api) {
  const design = await makeDesign(api);
  return api.pages.add({ designId: design.id, name: 'home', bytes: await png() });
}
async function makeComment(api: Api) {
  await makeProfile(api);
  const page = await makePage(api);
  return api.comments.add({ pageId: page.id, tag: 'nav', contents: 'Too subtle', x: 10, y: 20 });
}
async function makeReply(api: Api) {
  const comment = await makeComment(api);
  return api.comments.reply(comment.id, 'Agreed');
}

const isComment = (value: unknown) =>
  expect(value).toMatchObject({ tag: expect.any(String), position: expect.any(Object) });

/** Samples for the calls on designs, pages, comments and the profile. */
const STORE_SAMPLES: Partial<Record<Channel, Sample>> = {
  'designs:list': {
    args: async (api) => {
      await makeDesign(api);
      return [];
    },
    check: (value) =>
      expect((value as { name: string }[]).map((d) => d.name)).toEqual(['Checkout']),
  },
  'designs:create': {
    args: [{ name: ' Landing ', description: 'Spring campaign' }],
    check: (value) =>
      expect(value).toMatchObject({ name: 'Landing', pageCount: 0, commentCount: 0 }),
  },
  'designs:open': {
    args: async (api) => {
      await makePage(api);
      return [(await api.designs.list())[0]!.id];
    },
    check: (value) => expect(value).toMatchObject({ name: 'Checkout', commentCount: 0 }),
  },
  'designs:rename': {
    args: async (api) => [(await makeDesign(api)).id, 'Renamed'],
    check: (value) => expect(value).toMatchObject({ name: 'Renamed' }),
  },
  'designs:remove': {
    args: async (api) => [(await makeDesign(api)).id],
    check: (value) => expect(value).toBeUndefined(),
  },
  'designs:duplicate': {
    args: async (api) => {
      await makePage(api);
      return [(await api.designs.list())[0]!.id];
    },
    check: (value) =>
      expect(value).toMatchObject({ name: 'Checkout (copy)', pageCount: 1, commentCount: 0 }),
  },
  'designs:describe': {
    args: async (api) => [(await makeDesign(api)).id, ' The checkout flow '],
    check: (value) => expect(value).toMatchObject({ description: 'The checkout flow' }),
  },
  'designs:like': {
    args: async (api) => {
      await makeProfile(api);
      return [(await makeDesign(api)).id];
    },
    check: (value) => expect(value).toEqual({ count: 1, likedByMe: true }),
  },
  'pages:add': {
    args: async (api) => [
      { designId: (await makeDesign(api)).id, name: 'home', bytes: await png(60, 90) },
    ],
    check: (value) => expect(value).toMatchObject({ name: 'home', width: 60, height: 90 }),
  },
  'pages:rename': {
    args: async (api) => [(await makePage(api)).id, 'start'],
    check: (value) => expect(value).toMatchObject({ name: 'start' }),
  },
  'pages:move': {
    args: async (api) => {
      const page = await makePage(api);
      await api.pages.add({
        designId: (await api.designs.list())[0]!.id,
        name: 'two',
        bytes: await png(),
      });
      return [page.id, 1];
    },
    check: (value) =>
      expect((value as { name: string }[]).map((p) => p.name)).toEqual(['two', 'home']),
  },
  'pages:remove': {
    args: async (api) => [(await makePage(api)).id],
    check: (value) => expect(value).toBeUndefined(),
  },
  'pages:replaceImage': {
    args: async (api) => [(await makePage(api)).id, await png(80, 50)],
    check: (value) => expect(value).toMatchObject({ width: 80, height: 50 }),
  },
  'comments:list': {
    args: async (api) => [(await makeComment(api)).pageId],
    check: (value) =>
      expect((value as { contents: string }[]).map((c) => c.contents)).toEqual(['Too subtle']),
  },
  'comments:add': {
    args: async (api) => {
      await makeProfile(api);
      const page = await makePage(api);
      return [{ pageId: page.id, tag: 'button', contents: ' Bigger ', x: 50, y: 60 }];
    },
    check: (value) => {
      isComment(value);
      expect(value).toMatchObject({
        contents: 'Bigger',
        status: 'open',
        position: { x: 50, y: 60 },
      });
    },
  },
  'comments:edit': {
    args: async (api) => [(await makeComment(api)).id, { contents: 'Edited', tag: 'footer' }],
    check: (value) => expect(value).toMatchObject({ contents: 'Edited', tag: 'footer' }),
  },
  'comments:remove': {
    args: async (api) => [(await makeComment(api)).id],
    check: (value) => expect(value).toBeUndefined(),
  },
  'comments:setStatus': {
    args: async (api) => [(await makeComment(api)).id, 'resolved'],
    check: (value) => expect(value).toMatchObject({ status: 'resolved' }),
  },
  'comments:move': {
    args: async (api) => [(await makeComment(api)).id, 70, 80],
    check: (value) => expect(value).toMatchObject({ position: { x: 70, y: 80 } }),
  },
  'comments:reply': {
    args: async (api) => [(await makeComment(api)).id, ' Agreed '],
    check: (value) => expect(value).toMatchObject({ contents: 'Agreed' }),
  },
  'comments:editReply': {
    args: async (api) => [(await makeReply(api)).id, 'Changed my mind'],
    check: (value) => expect(value).toMatchObject({ contents: 'Changed my mind' }),
  },
  'comments:removeReply': {
    args: async (api) => [(await makeReply(api)).id],
    check: (value) => expect(value).toBeUndefined(),
  },
  'comments:markSeen': {
    args: async (api) => [(await makeComment(api)).pageId],
    check: (value) => expect(value).toBeUndefined(),
  },
  'packages:export': {
    args: async (api) => [(await makeComment(api), (await api.designs.list())[0]!.id)],
    check: (value) => expect(value).toMatchObject({ fileName: 'Checkout.critpkg' }),
  },
  'packages:open': {
    args: async (api) => {
      await makeComment(api);
      return [{ bytes: (await api.packages.export((await api.designs.list())[0]!.id)).bytes }];
    },
    check: (value) => expect(value).toMatchObject({ created: false, changed: false }),
  },
  'profile:get': {
    args: async (api) => {
      await makeProfile(api);
      return [];
    },
    check: (value) => expect(value).toMatchObject({ name: 'Ada Moreno', role: 'expert' }),
  },
  'profile:save': {
    args: [{ name: 'Jun Park', role: 'peer' }],
    check: (value) =>
      expect(value).toMatchObject({
        name: 'Jun Park',
        role: 'peer',
        avatar: expect.stringMatching(/^\/media\/initials\//),
      }),
  },
  'pages:capture': {
    args: async (api) => {
      const design = await makeDesign(api);
      const html = new TextEncoder().encode(
        '<!doctype html><title>Fixture</title><header><nav><a href="/">Home</a></nav></header><main><p>Hello</p></main>',
      );
      return [
        {
          designId: design.id,
          target: { html, fileName: 'fixture.html' },
          widths: [390],
          taskId: 'bridge-capture',
        },
      ];
    },
    check: (value) => {
      const pages = value as { name: string; width?: number }[];
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatchObject({ name: expect.stringContaining('Fixture'), width: 390 });
    },
  },
  'pages:cancelCapture': {
    // Cancelling a capture that is not running is harmless: nothing to stop.
    args: ['no-such-capture'],
    check: (value) => expect(value).toBeUndefined(),
  },
  'reports:export': {
    args: async (api) => {
      await makeProfile(api);
      const design = await makeDesign(api);
      const page = await api.pages.add({ designId: design.id, name: 'home', bytes: await png() });
      await api.comments.add({ pageId: page.id, tag: 'nav', contents: 'Too subtle', x: 1, y: 2 });
      return [{ designId: design.id, format: 'csv', filters: { status: 'open' } }];
    },
    check: (value) => {
      const file = value as { fileName: string; mime: string; bytes: Uint8Array };
      expect(file).toMatchObject({ fileName: 'Checkout-feedback.csv', mime: 'text/csv' });
      // The bytes cross as bytes, not as an object of numbered keys.
      expect(file.bytes).toBeInstanceOf(Uint8Array);
      expect(new TextDecoder().decode(file.bytes)).toContain('"Too subtle"');
    },
  },
};
Object.assign(SAMPLES, STORE_SAMPLES);

const APP_URL = 'crit://app/index.html';
// A real Chromium for pages:capture, started only when that sample runs.
const capturer = createPlaywrightCapturer();
const resourcesDir = path.resolve(import.meta.dirname, '../../../resources');
let dataDir: string;
let ipcMain: FakeIpcMain;
let dispatch: Mock<Dispatch>;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crit-bridge-'));
  ipcMain = new FakeIpcMain();
  dispatch = vi.fn(
    createDispatch(createHandlers({ resourcesDir, dataDir, openCapture: capturer.open })),
  );
  bindContract(ipcMain, dispatch, (url) => isTrustedSender(url));
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => capturer.close());

function apiFrom(senderUrl: string | null = APP_URL): RawApi {
  return buildApi(fakeIpcRenderer(ipcMain, senderUrl));
}

function method(api: RawApi, channel: string): (...args: unknown[]) => Promise<Envelope<unknown>> {
  const [ns, name] = channel.split(':') as [string, string];
  const fn = (api as unknown as Record<string, Record<string, unknown>>)[ns]?.[name];
  if (typeof fn !== 'function') throw new Error(`window.api has no ${channel}`);
  return fn as (...args: unknown[]) => Promise<Envelope<unknown>>;
}

describe('the bridge, preload to core', () => {
  it('binds exactly the contract channels in ipcMain', () => {
    expect([...ipcMain.handlers.keys()]).toEqual([...CHANNELS]);
    expect(CHANNELS.length).toBeGreaterThan(0);
  });

  it('has a sample call for every channel of the contract', () => {
    const missing = CHANNELS.filter((channel) => !SAMPLES[channel]);
    expect(missing, 'add sample arguments for these calls').toEqual([]);
    const stale = Object.keys(SAMPLES).filter((key) => !CHANNELS.includes(key as Channel));
    expect(stale, 'these samples name calls that no longer exist').toEqual([]);
  });

  it.each([...CHANNELS])('%s answers a valid call from the app with ok', async (channel) => {
    const sample = SAMPLES[channel];
    if (!sample) throw new Error(`No sample arguments for ${channel}`);
    const raw = apiFrom();
    const args =
      typeof sample.args === 'function'
        ? await sample.args(createApi(sendViaRawApi(raw)))
        : sample.args;
    const envelope = await method(raw, channel)(...args);
    if (!envelope.ok)
      throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    sample.check(envelope.value);
    expect(dispatch).toHaveBeenLastCalledWith(channel, args);
  });

  it.each([...CHANNELS])('%s answers junk arguments with invalid-argument', async (channel) => {
    // Too many arguments of the wrong kinds is wrong for every call of the contract.
    const junk = ['junk', 42, { $where: '1' }, [null], true, -1, 'x'.repeat(10), null, 7];
    const envelope = await method(apiFrom(), channel)(...junk);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });

  it('answers a wrongly typed argument with invalid-argument', async () => {
    const api = apiFrom();
    for (const bad of [42, null, { key: 'netflix' }, ['netflix'], 'x'.repeat(201)]) {
      const envelope = await method(api, 'samples:open')(bad);
      expect(envelope, JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument', message: expect.stringContaining('samples:open') },
      });
    }
  });

  it('refuses a channel that is not in the contract', async () => {
    const ipc = fakeIpcRenderer(ipcMain, APP_URL);
    await expect(ipc.invoke('nope:x')).rejects.toThrow(/No handler registered for 'nope:x'/);
    await expect(ipc.invoke('samples:delete', 'netflix')).rejects.toThrow(/No handler/);
    expect(await dispatch('nope:x', [])).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
    expect(await dispatch('__proto__:constructor', [])).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
  });

  it.each([
    ['another website', 'https://evil.example/index.html'],
    ['a local file', 'file:///tmp/index.html'],
    ['another crit host', 'crit://evil/index.html'],
    ['the dev server in production', 'http://localhost:5173/'],
    ['no frame at all', null],
  ])('refuses every call from %s before looking at it', async (_name, senderUrl) => {
    const api = apiFrom(senderUrl);
    for (const channel of CHANNELS) {
      const args = SAMPLES[channel]?.args;
      const envelope = await method(api, channel)(...(Array.isArray(args) ? args : []));
      expect(envelope, channel).toEqual({
        ok: false,
        error: { code: 'invalid-argument', message: 'Untrusted sender.' },
      });
    }
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('the preload entry', () => {
  /** Runs src/preload/index.ts afresh and returns what it handed to contextBridge. */
  async function loadPreload(): Promise<[string, Record<string, unknown>][]> {
    vi.resetModules();
    preloadFake.contextBridge.exposeInMainWorld.mockClear();
    await import('../../../src/preload/index.ts');
    return preloadFake.contextBridge.exposeInMainWorld.mock.calls as [
      string,
      Record<string, unknown>,
    ][];
  }

  it('exposes window.api, built from the contract, and never ipcRenderer', async () => {
    const calls = await loadPreload();
    expect(calls).toHaveLength(1);
    const [key, api] = calls[0]!;
    expect(key).toBe('api');

    // Namespaces of plain objects holding functions only, and `on` for events: nothing
    // else crosses the bridge.
    expect(Object.keys(api).sort()).toEqual([...Object.keys(contract), 'on'].sort());
    expect(typeof api.on).toBe('function');
    expect(Object.values(preloadFake.ipcRenderer)).not.toContain(api.on);
    const exposed: string[] = [];
    for (const [ns, methods] of Object.entries(api)) {
      if (ns === 'on') continue;
      expect(Object.getPrototypeOf(methods)).toBe(Object.prototype);
      expect(methods).not.toBe(preloadFake.ipcRenderer);
      for (const [name, fn] of Object.entries(methods as Record<string, unknown>)) {
        expect(typeof fn, `${ns}.${name}`).toBe('function');
        expect(Object.values(preloadFake.ipcRenderer)).not.toContain(fn);
        exposed.push(`${ns}:${name}`);
      }
    }
    expect(exposed.sort()).toEqual([...CHANNELS].sort());
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'removeListener']) {
      expect(api).not.toHaveProperty(forbidden);
    }
  });

  it('forwards each call to its channel and nothing more', async () => {
    const [[, api] = ['', {}]] = await loadPreload();
    preloadFake.ipcRenderer.invoke.mockClear();
    const envelope = await method(api as unknown as RawApi, 'samples:open')('netflix');
    expect(envelope).toEqual({ ok: true, value: 'samples:open' });
    expect(preloadFake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(
      'samples:open',
      'netflix',
    );
    expect(preloadFake.ipcRenderer.send).not.toHaveBeenCalled();
    expect(preloadFake.ipcRenderer.on).not.toHaveBeenCalled();
  });
});
