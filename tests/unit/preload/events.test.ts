import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { buildOn } from '../../../src/preload/build-api.ts';
import { EVENT_NAMES, eventChannel } from '../../../src/shared/events.ts';

/**
 * ipcRenderer as far as events go: an EventEmitter whose listeners get Electron's event
 * object (which holds `sender`, ipcRenderer itself) before the payload.
 */
function fakeIpcRenderer() {
  const emitter = new EventEmitter();
  const electronEvent = { sender: emitter, senderId: 0, ports: [] };
  return {
    ipc: emitter,
    electronEvent,
    /** Main sending one event to this page. */
    deliver: (channel: string, ...args: unknown[]) => emitter.emit(channel, electronEvent, ...args),
  };
}

const progress = { taskId: 't1', label: 'Adding pages', done: 1, total: 3 };

describe("the preload's on(event, listener)", () => {
  it('hands the listener the payload and never the Electron event object', () => {
    const { ipc, deliver, electronEvent } = fakeIpcRenderer();
    const listener = vi.fn();
    buildOn(ipc)('progress:update', listener);
    deliver(eventChannel('progress:update'), progress);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([progress]);
    expect(listener.mock.calls[0]).not.toContain(electronEvent);
    expect(listener.mock.calls[0]).not.toContain(ipc);
  });

  it('listens on the named event only', () => {
    const { ipc, deliver } = fakeIpcRenderer();
    const listener = vi.fn();
    buildOn(ipc)('menu:command', listener);
    deliver(eventChannel('progress:update'), progress);
    deliver('menu:command', { command: 'new-design' });
    expect(listener).not.toHaveBeenCalled();
    deliver(eventChannel('menu:command'), { command: 'new-design' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ command: 'new-design' });
  });

  it('unsubscribes with the returned function, once, leaving other listeners', () => {
    const { ipc, deliver } = fakeIpcRenderer();
    const on = buildOn(ipc);
    const channel = eventChannel('progress:update');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = on('progress:update', first);
    on('progress:update', second);
    expect(ipc.listenerCount(channel)).toBe(2);

    stopFirst();
    stopFirst();
    expect(ipc.listenerCount(channel)).toBe(1);
    deliver(channel, progress);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('lets the same listener subscribe twice and unsubscribe each separately', () => {
    const { ipc, deliver } = fakeIpcRenderer();
    const on = buildOn(ipc);
    const listener = vi.fn();
    const stop = on('progress:update', listener);
    on('progress:update', listener);
    stop();
    deliver(eventChannel('progress:update'), progress);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each([
    'nope',
    'pages:add',
    'event:progress:update',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    '',
    42,
    null,
  ])('refuses the unknown event name %j and subscribes to nothing', (name) => {
    const { ipc } = fakeIpcRenderer();
    const on = buildOn(ipc) as (event: unknown, listener: unknown) => () => void;
    expect(() => on(name, () => {})).toThrow(TypeError);
    expect(ipc.eventNames()).toEqual([]);
  });

  it('refuses a listener that is not a function', () => {
    const { ipc } = fakeIpcRenderer();
    const on = buildOn(ipc) as (event: unknown, listener: unknown) => () => void;
    expect(() => on('progress:update', 'alert(1)')).toThrow(TypeError);
    expect(ipc.eventNames()).toEqual([]);
  });

  it('accepts every declared event', () => {
    const { ipc } = fakeIpcRenderer();
    const on = buildOn(ipc);
    for (const name of EVENT_NAMES) on(name, () => {});
    expect(ipc.eventNames().sort()).toEqual(EVENT_NAMES.map(eventChannel).sort());
  });
});
