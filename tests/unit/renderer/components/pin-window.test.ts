import { describe, expect, it } from 'vitest';
import {
  covers,
  inWindow,
  sameWindow,
  viewOf,
  windowAround,
  type PinWindow,
} from '../../../../src/renderer/src/components/pin-window.ts';

// An image drawn 1000 × 5000 px, its top 200 px below the top of a view 800 px high.
const image = { left: 100, top: 200, width: 1000, height: 5000 };
const view = { left: 0, top: 0, width: 1200, height: 800 };

/** A window with its sides rounded to a thousandth of a percent, to compare. */
function rounded(w: PinWindow | null): Partial<PinWindow> | null {
  if (!w) return null;
  const r = (v: number) => Math.round(v * 1000) / 1000 + 0;
  return { left: r(w.left), top: r(w.top), right: r(w.right), bottom: r(w.bottom) };
}

describe('pin window', () => {
  it('gives back the part in view from a window with its margin', () => {
    for (const margin of [0.1, 0.25, 0.5]) {
      expect(rounded(viewOf(windowAround(image, view, margin)!, margin))).toEqual(
        rounded(windowAround(image, view, 0)),
      );
    }
  });

  it('is the part of the image in view, in percent, widened by the margin', () => {
    expect(rounded(windowAround(image, view, 0))).toMatchObject({
      left: -10,
      top: -4,
      right: 110,
      bottom: 12,
    });
    // A quarter of the view each way: 200 px up and down, 300 px to the sides.
    expect(rounded(windowAround(image, view, 0.25))).toMatchObject({
      left: -40,
      top: -8,
      right: 140,
      bottom: 16,
    });
  });

  it('follows the image as it scrolls and as it is scaled', () => {
    const scrolled = { ...image, top: image.top - 2700 }; // 2,700 px further down
    expect(rounded(windowAround(scrolled, view, 0))).toMatchObject({ top: 50, bottom: 66 });
    // Zoomed to 200 %: the same view holds half as much of the image.
    const zoomed = { left: 0, top: -5000, width: 2000, height: 10_000 };
    expect(rounded(windowAround(zoomed, view, 0))).toMatchObject({
      left: 0,
      top: 50,
      right: 60,
      bottom: 58,
    });
  });

  it('is unknown while the image has no size', () => {
    expect(windowAround({ ...image, height: 0 }, view)).toBeNull();
    expect(windowAround({ ...image, width: Number.NaN }, view)).toBeNull();
  });

  it('says which pins are drawn and when the window must move', () => {
    const w = windowAround(image, view, 0)!;
    expect(inWindow(w, 50, 5)).toBe(true);
    expect(inWindow(w, 50, 12)).toBe(true);
    expect(inWindow(w, 50, 12.01)).toBe(false);
    const wide = windowAround(image, view, 0.25)!;
    expect(covers(wide, w)).toBe(true);
    expect(covers(w, wide)).toBe(false);
    const below = windowAround({ ...image, top: image.top - 300 }, view, 0)!;
    expect(covers(wide, below)).toBe(false);
  });

  it('tells a window measured again unchanged from one that moved', () => {
    const w = windowAround(image, view)!;
    expect(sameWindow(w, windowAround(image, view)!)).toBe(true);
    expect(sameWindow(w, windowAround({ ...image, top: image.top - 1 }, view)!)).toBe(false);
  });
});
