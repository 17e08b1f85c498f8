import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../src/core/events.ts';
import { bindEvents, type EventTarget } from '../../../src/main/ipc.ts';
import { eventChannel } from '../../../src/shared/events.ts';

// security.ts imports electron, whose real module would try to fetch the binary.
const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);
const { isTrustedSender } = await import('../../../src/main/security.ts');

/** A window's webContents showing `url` in its main frame. */
function contents(url: string | null, destroyed = false) {
  const frame = url === null ? null : { url, send: vi.fn() };
  return {
    mainFrame: frame,
    isDestroyed: () => destroyed,
    sent: () => frame?.send.mock.calls ?? [],
  } satisfies EventTarget & { sent: () => unknown[] };
}

const progress = { taskId: 't', label: 'Adding pages', done: 0, total: 2 };

describe('bindEvents', () => {
  it('sends every hub event to windows showing the app, on its own channel, payload only', () => {
    const hub = createEventHub();
    const app = contents('crit://app/index.html#/designs/1');
    bindEvents(
      hub,
      () => [app],
      (url) => isTrustedSender(url),
    );
    hub.emit('progress:update', progress);
    hub.emit('menu:command', { command: 'import-pages' });
    expect(app.sent()).toEqual([
      [eventChannel('progress:update'), progress],
      [eventChannel('menu:command'), { command: 'import-pages' }],
    ]);
  });

  it.each([
    ['another website', 'https://evil.example/'],
    ['a local file', 'file:///tmp/index.html'],
    ['another crit host', 'crit://evil/index.html'],
    ['the dev server in production', 'http://localhost:5173/'],
    ['a blank page', 'about:blank'],
    ['an empty URL', ''],
  ])('sends nothing to a window showing %s', (_name, url) => {
    const hub = createEventHub();
    const app = contents('crit://app/');
    const other = contents(url);
    bindEvents(
      hub,
      () => [other, app],
      (u) => isTrustedSender(u),
    );
    hub.emit('menu:command', { command: 'new-design' });
    expect(other.sent()).toEqual([]);
    expect(app.sent()).toHaveLength(1);
  });

  it('sends nothing to a destroyed window or one without a main frame', () => {
    const hub = createEventHub();
    const gone = contents('crit://app/', true);
    const frameless = contents(null);
    bindEvents(
      hub,
      () => [gone, frameless],
      (u) => isTrustedSender(u),
    );
    expect(() => hub.emit('menu:command', { command: 'new-design' })).not.toThrow();
    expect(gone.sent()).toEqual([]);
  });

  it('checks the frame at every send, so a window that navigated away stops receiving', () => {
    const hub = createEventHub();
    const app = contents('crit://app/');
    bindEvents(
      hub,
      () => [app],
      (u) => isTrustedSender(u),
    );
    hub.emit('progress:update', progress);
    app.mainFrame!.url = 'https://evil.example/';
    hub.emit('progress:update', { ...progress, done: 1 });
    expect(app.sent()).toEqual([[eventChannel('progress:update'), progress]]);
  });

  it('trusts the dev server only when it is the one given', () => {
    const hub = createEventHub();
    const dev = contents('http://localhost:5173/');
    bindEvents(
      hub,
      () => [dev],
      (u) => isTrustedSender(u, 'http://localhost:5173/'),
    );
    hub.emit('menu:command', { command: 'new-design' });
    expect(dev.sent()).toHaveLength(1);
  });

  it('sends nothing for a payload that breaks its declaration', () => {
    const hub = createEventHub();
    const app = contents('crit://app/');
    bindEvents(
      hub,
      () => [app],
      (u) => isTrustedSender(u),
    );
    expect(() => hub.emit('menu:command', { command: 'format-disk' } as never)).toThrow(/command/);
    expect(app.sent()).toEqual([]);
  });

  it('stops forwarding once unbound', () => {
    const hub = createEventHub();
    const app = contents('crit://app/');
    const unbind = bindEvents(
      hub,
      () => [app],
      (u) => isTrustedSender(u),
    );
    unbind();
    hub.emit('menu:command', { command: 'new-design' });
    expect(app.sent()).toEqual([]);
  });
});
