import { describe, expect, test } from 'vitest';
import {
  PIN_BIG_STEP_PX,
  PIN_STEP_PX,
  steppedPosition,
} from '../../../../src/renderer/src/hooks/use-pin-keys.ts';
import { SHORTCUTS } from '../../../../src/renderer/src/components/shortcuts.ts';

describe('steppedPosition', () => {
  const page = { width: 800, height: 1600 };

  test('moves by a few pixels of the image, in percent of each side', () => {
    expect(steppedPosition({ x: 50, y: 50 }, page, 'ArrowRight', false)).toEqual({
      x: 50 + (PIN_STEP_PX / 800) * 100,
      y: 50,
    });
    expect(steppedPosition({ x: 50, y: 50 }, page, 'ArrowUp', false)).toEqual({
      x: 50,
      y: 50 - (PIN_STEP_PX / 1600) * 100,
    });
  });

  test('Shift moves ten times as far', () => {
    expect(PIN_BIG_STEP_PX).toBe(10 * PIN_STEP_PX);
    expect(steppedPosition({ x: 50, y: 50 }, page, 'ArrowDown', true)).toEqual({
      x: 50,
      y: 52.5,
    });
    expect(steppedPosition({ x: 50, y: 50 }, page, 'ArrowLeft', true)).toEqual({ x: 45, y: 50 });
  });

  test('stays on the image at its edges', () => {
    expect(steppedPosition({ x: 0, y: 100 }, page, 'ArrowLeft', true)).toEqual({ x: 0, y: 100 });
    expect(steppedPosition({ x: 99.9, y: 0.1 }, page, 'ArrowRight', true)).toEqual({
      x: 100,
      y: 0.1,
    });
    expect(steppedPosition({ x: 10, y: 0.1 }, page, 'ArrowUp', true)).toEqual({ x: 10, y: 0 });
  });

  test('moves by percent where the image size is unknown, and ignores other keys', () => {
    expect(steppedPosition({ x: 10, y: 10 }, {}, 'ArrowRight', false)).toEqual({ x: 10.5, y: 10 });
    expect(steppedPosition({ x: 10, y: 10 }, {}, 'ArrowDown', true)).toEqual({ x: 10, y: 15 });
    expect(steppedPosition({ x: 10, y: 10 }, page, 'j', false)).toBeNull();
    expect(steppedPosition({ x: 10, y: 10 }, page, 'Enter', true)).toBeNull();
  });
});

test('the shortcuts list names every key the workspace answers to, once per group', () => {
  const keys = SHORTCUTS.flatMap((g) => g.items.flatMap((i) => i.keys.flat()));
  for (const key of ['?', 'C', 'J', 'K', 'Esc', 'Enter', 'Space', 'Arrow keys', 'Shift', 'Ctrl'])
    expect(keys).toContain(key);
  for (const group of SHORTCUTS) {
    const whats = group.items.map((i) => i.what);
    expect(new Set(whats).size).toBe(whats.length);
  }
});
