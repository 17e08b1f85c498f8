import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SIZE,
  fitToDisplays,
  parseWindowState,
  readWindowState,
  trackWindowState,
  writeWindowState,
  type Rect,
  type WindowState,
} from '../../../src/main/window-state.ts';

const PRIMARY: Rect = { x: 0, y: 0, width: 1920, height: 1080 };
const RIGHT: Rect = { x: 1920, y: 0, width: 2560, height: 1440 };
const state = (bounds: Rect, isMaximized = false): WindowState => ({ bounds, isMaximized });

describe('parseWindowState', () => {
  it('reads a valid state', () => {
    const text = JSON.stringify(state({ x: 40, y: -20, width: 1300, height: 900 }, true));
    expect(parseWindowState(text)).toEqual(
      state({ x: 40, y: -20, width: 1300, height: 900 }, true),
    );
  });

  it('defaults isMaximized to false', () => {
    const text = JSON.stringify({ bounds: { x: 1, y: 2, width: 1100, height: 800 } });
    expect(parseWindowState(text)?.isMaximized).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['not JSON', '{bounds:'],
    ['an array', '[]'],
    ['no bounds', '{"isMaximized":true}'],
    ['a string width', '{"bounds":{"x":0,"y":0,"width":"1200","height":800}}'],
    ['a fractional x', '{"bounds":{"x":0.5,"y":0,"width":1200,"height":800}}'],
    ['a tiny window', '{"bounds":{"x":0,"y":0,"width":5,"height":5}}'],
    ['a huge window', '{"bounds":{"x":0,"y":0,"width":1e9,"height":800}}'],
    ['a far-away x', '{"bounds":{"x":-1e7,"y":0,"width":1200,"height":800}}'],
    [
      'a string isMaximized',
      '{"bounds":{"x":0,"y":0,"width":1200,"height":800},"isMaximized":"yes"}',
    ],
  ])('refuses %s', (_name, text) => {
    expect(parseWindowState(text)).toBeNull();
  });
});

describe('fitToDisplays', () => {
  it('uses the default size, centred (no x/y), when nothing is saved', () => {
    expect(fitToDisplays(null, [PRIMARY], PRIMARY)).toEqual({
      width: DEFAULT_SIZE.width,
      height: DEFAULT_SIZE.height,
      isMaximized: false,
    });
  });

  it('shrinks the default size to a small primary display', () => {
    const small = { x: 0, y: 0, width: 1280, height: 720 };
    expect(fitToDisplays(null, [small], small)).toMatchObject({ width: 1280, height: 720 });
  });

  it('keeps a window that is fully visible where it was', () => {
    const saved = state({ x: 100, y: 50, width: 1400, height: 900 }, true);
    expect(fitToDisplays(saved, [PRIMARY, RIGHT], PRIMARY)).toEqual({
      x: 100,
      y: 50,
      width: 1400,
      height: 900,
      isMaximized: true,
    });
  });

  it('keeps a window on a secondary display', () => {
    const saved = state({ x: 2000, y: 100, width: 1600, height: 1000 });
    expect(fitToDisplays(saved, [PRIMARY, RIGHT], PRIMARY)).toMatchObject({ x: 2000, y: 100 });
  });

  it('pulls a window hanging off the edge back inside the display it mostly covers', () => {
    const saved = state({ x: 1500, y: -200, width: 1200, height: 900 });
    // Mostly on PRIMARY (420 px) vs RIGHT (780 px): it goes to RIGHT, fully inside.
    expect(fitToDisplays(saved, [PRIMARY, RIGHT], PRIMARY)).toEqual({
      x: 1920,
      y: 0,
      width: 1200,
      height: 900,
      isMaximized: false,
    });
  });

  it('moves a window from a monitor that is gone onto the primary display, centred', () => {
    const saved = state({ x: 5000, y: 3000, width: 1400, height: 900 });
    expect(fitToDisplays(saved, [PRIMARY], PRIMARY)).toEqual({
      width: 1400,
      height: 900,
      isMaximized: false,
    });
  });

  it('shrinks a window bigger than its display', () => {
    const saved = state({ x: -100, y: -100, width: 4000, height: 3000 });
    expect(fitToDisplays(saved, [PRIMARY], PRIMARY)).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
      isMaximized: false,
    });
  });

  it('respects work areas that do not start at 0 (a menu bar or a left dock)', () => {
    const area = { x: 80, y: 25, width: 1840, height: 1055 };
    const saved = state({ x: 0, y: 0, width: 1200, height: 800 });
    expect(fitToDisplays(saved, [area], area)).toMatchObject({ x: 80, y: 25 });
  });
});

describe('state file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'crit-window-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips through write and read, leaving no temp file', () => {
    const file = path.join(dir, 'window-state.json');
    const saved = state({ x: 10, y: 20, width: 1300, height: 850 }, true);
    writeWindowState(file, saved);
    expect(readWindowState(file)).toEqual(saved);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it('reads a missing or corrupt file as no state', () => {
    expect(readWindowState(path.join(dir, 'missing.json'))).toBeNull();
    const corrupt = path.join(dir, 'corrupt.json');
    writeFileSync(corrupt, '\u0000\u0001garbage');
    expect(readWindowState(corrupt)).toBeNull();
  });

  it('logs instead of throwing when the folder is not writable', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      writeWindowState(path.join(dir, 'no', 'such', 'dir', 'state.json'), state(PRIMARY)),
    ).not.toThrow();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('trackWindowState', () => {
  afterEach(() => vi.useRealTimers());

  function fakeWindow() {
    const win = Object.assign(new EventEmitter(), {
      bounds: { x: 10, y: 20, width: 1200, height: 800 } as Rect,
      maximized: false,
      destroyed: false,
      getNormalBounds() {
        return { ...win.bounds };
      },
      isMaximized: () => win.maximized,
      isDestroyed: () => win.destroyed,
    });
    return win;
  }

  it('saves once after a burst of resizes and moves', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    const save = vi.fn();
    trackWindowState(win, save, 500);
    win.emit('resize');
    win.bounds = { x: 10, y: 20, width: 1300, height: 800 };
    win.emit('resize');
    win.emit('move');
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith(state({ x: 10, y: 20, width: 1300, height: 800 }));
  });

  it('saves at once on close, rounding the bounds, and cancels the pending save', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    const save = vi.fn();
    trackWindowState(win, save, 500);
    win.emit('resize');
    win.maximized = true;
    win.bounds = { x: 10.4, y: 19.6, width: 1299.5, height: 800 };
    win.emit('close');
    expect(save).toHaveBeenCalledExactlyOnceWith(
      state({ x: 10, y: 20, width: 1300, height: 800 }, true),
    );
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not touch a destroyed window', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    const save = vi.fn();
    trackWindowState(win, save, 100);
    win.emit('maximize');
    win.destroyed = true;
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves what parseWindowState reads back', () => {
    vi.useFakeTimers();
    const win = fakeWindow();
    let written = '';
    trackWindowState(win, (s) => (written = JSON.stringify(s)));
    win.emit('close');
    expect(parseWindowState(written)).toEqual(state({ x: 10, y: 20, width: 1200, height: 800 }));
  });
});
