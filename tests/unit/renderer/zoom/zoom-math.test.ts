import { describe, expect, test } from 'vitest';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  anchorFraction,
  clampScale,
  scrollCorrection,
  stepZoom,
  wheelZoom,
  zoomLabel,
} from '../../../../src/renderer/src/zoom/zoom-math.ts';

describe('stepZoom', () => {
  test('steps up and down through 50 % … 200 %, passing 100 %', () => {
    const up: number[] = [];
    for (let s = 0.5; up.length < 10;) {
      const next = stepZoom(s, 1, 0.4);
      if (next === s) break;
      up.push((s = next));
    }
    expect(up).toEqual([0.67, 0.75, 1, 1.25, 1.5, 2]);
    expect(stepZoom(2, -1, 0.4)).toBe(1.5);
    expect(stepZoom(0.75, -1, 0.4)).toBe(0.67);
  });

  test('from a fitted scale between steps, goes to the neighbouring step', () => {
    expect(stepZoom(0.62, 1, 0.62)).toBe(0.67);
    expect(stepZoom(0.62, -1, 0.62)).toBe(0.5);
    expect(stepZoom(1.1, -1, 1.1)).toBe(1);
  });

  test('a scale a hair under a step steps past it, not onto it', () => {
    expect(stepZoom(0.999, 1, 0.5)).toBe(1.25);
  });

  test('stops at 200 % going up, and at the lowest going down', () => {
    expect(stepZoom(MAX_ZOOM, 1, 0.5)).toBe(MAX_ZOOM);
    expect(stepZoom(MIN_ZOOM, -1, 0.7)).toBe(MIN_ZOOM);
  });

  test('below 50 % (a wide screenshot fitted into a narrow window) zooming out stays put', () => {
    expect(stepZoom(0.29, -1, 0.29)).toBe(0.29);
    expect(stepZoom(0.29, 1, 0.29)).toBe(0.5);
  });
});

describe('clampScale and wheelZoom', () => {
  test('clamps to 200 % and to the lower of 50 % and the fit scale', () => {
    expect(clampScale(5, 0.6)).toBe(MAX_ZOOM);
    expect(clampScale(0.1, 0.6)).toBe(MIN_ZOOM);
    expect(clampScale(0.1, 0.3)).toBe(0.3);
    expect(clampScale(Number.NaN, 0.6)).toBe(0.6);
  });

  test('wheel up zooms in, down zooms out, proportionally, within bounds', () => {
    expect(wheelZoom(1, -100, 0.5)).toBeGreaterThan(1);
    expect(wheelZoom(1, 100, 0.5)).toBeLessThan(1);
    expect(wheelZoom(1, -10, 0.5)).toBeLessThan(wheelZoom(1, -100, 0.5));
    // One huge notch counts as a big one, never a jump to the end.
    expect(wheelZoom(1, -10_000, 0.5)).toBeCloseTo(wheelZoom(1, -100, 0.5));
    let s = 1;
    for (let i = 0; i < 50; i++) s = wheelZoom(s, -100, 0.5);
    expect(s).toBe(MAX_ZOOM);
    for (let i = 0; i < 50; i++) s = wheelZoom(s, 100, 0.3);
    expect(s).toBe(0.3);
  });
});

describe('zooming around a point', () => {
  test('the image point under the pointer comes back under it after scaling', () => {
    const before = { left: 100, top: 50, width: 400, height: 800 };
    const pointer = { x: 300, y: 250 };
    const fraction = anchorFraction(before, pointer);
    expect(fraction).toEqual({ fx: 0.5, fy: 0.25 });
    // Twice as large, same top-left before any scrolling.
    const after = { left: 100, top: 50, width: 800, height: 1600 };
    const { dx, dy } = scrollCorrection(after, fraction, pointer);
    expect(dx).toBe(200);
    expect(dy).toBe(200);
    // Scrolling by (dx, dy) moves the box up-left by that much: the point is back.
    const scrolled = { ...after, left: after.left - dx, top: after.top - dy };
    expect(scrolled.left + fraction.fx * scrolled.width).toBe(pointer.x);
    expect(scrolled.top + fraction.fy * scrolled.height).toBe(pointer.y);
  });

  test('an empty box gives fraction 0 rather than NaN', () => {
    expect(anchorFraction({ left: 0, top: 0, width: 0, height: 0 }, { x: 5, y: 5 })).toEqual({
      fx: 0,
      fy: 0,
    });
  });
});

test('zoomLabel reads as a whole percentage', () => {
  expect(zoomLabel(1)).toBe('100 %');
  expect(zoomLabel(0.666)).toBe('67 %');
  expect(zoomLabel(0.2934)).toBe('29 %');
});
