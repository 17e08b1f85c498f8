import { describe, expect, it } from 'vitest';
import {
  PIN_OUTER_RADIUS,
  PIN_REACH,
  paintedArea,
  pinAt,
  pinPlaces,
  pinsTouching,
} from '../../../../src/renderer/src/components/pin-paint.ts';

// An image drawn 1000 × 4000 px.
const box = { width: 1000, height: 4000 };

describe('painted pins', () => {
  it('cover the window cut to the image, widened by a pin’s reach', () => {
    // A window reaching past the image's left and top edges.
    expect(paintedArea({ left: -12, top: -3, right: 50, bottom: 25 }, box)).toEqual({
      left: -PIN_REACH,
      top: -PIN_REACH,
      width: 500 + 2 * PIN_REACH,
      height: 1000 + 2 * PIN_REACH,
    });
    // Inside the image: whole px, never cutting a pin's edge.
    expect(paintedArea({ left: 10.05, top: 50, right: 90.02, bottom: 75 }, box)).toEqual({
      left: 100 - PIN_REACH,
      top: 2000 - PIN_REACH,
      width: 901 - 100 + 2 * PIN_REACH,
      height: 1000 + 2 * PIN_REACH,
    });
    // A window wholly off the image covers nothing of it.
    expect(paintedArea({ left: 120, top: 0, right: 150, bottom: 10 }, box).width).toBe(
      2 * PIN_REACH,
    );
  });

  it('land where the image puts them, in px of the canvas', () => {
    const area = paintedArea({ left: 0, top: 50, right: 100, bottom: 75 }, box);
    const places = pinPlaces(
      [
        { x: 0, y: 50 },
        { x: 50, y: 60 },
      ],
      box,
      area,
    );
    expect([...places.xs]).toEqual([PIN_REACH, 500 + PIN_REACH]);
    expect([...places.ys]).toEqual([PIN_REACH, 400 + PIN_REACH]);
  });

  it('are hit by a pointer on their disc or ring, the topmost first', () => {
    const places = { xs: Float64Array.of(100, 110, 400), ys: Float64Array.of(100, 100, 400) };
    // Between the first two: the later one is drawn over the earlier.
    expect(pinAt(places, 105, 100)).toBe(1);
    expect(pinAt(places, 90, 100)).toBe(0);
    expect(pinAt(places, 100 - PIN_OUTER_RADIUS, 100)).toBe(0);
    expect(pinAt(places, 100 - PIN_OUTER_RADIUS - 1, 100)).toBe(-1);
    // Diagonally just outside the round pin, though inside its square.
    expect(pinAt(places, 400 + 12, 400 + 12)).toBe(-1);
    expect(pinAt(places, 400 + 10, 400 + 10)).toBe(2);
    expect(pinAt({ xs: new Float64Array(0), ys: new Float64Array(0) }, 0, 0)).toBe(-1);
  });

  it('are split into the part in view and the rest, each pin drawn where any of it shows', () => {
    const view = { left: 100, top: 100, right: 500, bottom: 500 };
    const xs = [300, 100 - PIN_REACH, 100 - PIN_REACH - 1, 500 - PIN_REACH, 500 - PIN_REACH - 1];
    const places = { xs: Float64Array.from(xs), ys: Float64Array.from(xs.map(() => 300)) };
    // In view: all but the one wholly left of it.
    expect(pinsTouching(places, view, true)).toEqual([0, 1, 3, 4]);
    // Outside: all but those wholly inside (the middle one, and one a reach from the edge).
    expect(pinsTouching(places, view, false)).toEqual([1, 2, 3]);
    // Together they hold every pin, in order.
    const both = new Set([
      ...pinsTouching(places, view, true),
      ...pinsTouching(places, view, false),
    ]);
    expect([...both].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
