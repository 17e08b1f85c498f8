import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { placePins, planSlices } from '../../../../src/core/reports/slicing.ts';

describe('planSlices', () => {
  test('a short image is one slice', () => {
    expect(planSlices(800, 2000, [100], 20)).toEqual([{ top: 0, bottom: 800 }]);
  });

  test('moves a cut above a pin it would run through', () => {
    const slices = planSlices(5000, 2000, [1995], 20);
    expect(slices[0]).toEqual({ top: 0, bottom: 1975 });
  });

  test('covers the image in bands no taller than allowed, and no pin is cut', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 400, max: 3000 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 300 }),
        fc.integer({ min: 5, max: 60 }),
        (height, maxHeight, percents, radius) => {
          const slices = planSlices(height, maxHeight, percents.map((p) => (p / 100) * height), radius);
          expect(slices[0]!.top).toBe(0);
          expect(slices.at(-1)!.bottom).toBe(height);
          slices.forEach((s, i) => {
            expect(s.bottom).toBeGreaterThan(s.top);
            expect(s.bottom - s.top).toBeLessThanOrEqual(maxHeight);
            if (i > 0) expect(s.top).toBe(slices[i - 1]!.bottom);
          });
          const pins = percents.map((y) => ({ x: 50, y }));
          const placed = placePins(slices, pins, { width: 1000, height }, radius);
          expect(placed.flat()).toHaveLength(pins.length);
          placed.forEach((inSlice, i) => {
            const h = slices[i]!.bottom - slices[i]!.top;
            for (const p of inSlice) {
              // The whole circle lies inside the slice, whenever the slice can hold it.
              if (h >= 2 * radius) {
                expect((p.top / 100) * h).toBeGreaterThanOrEqual(radius - 1e-6);
                expect((p.top / 100) * h).toBeLessThanOrEqual(h - radius + 1e-6);
              }
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a band through a dense run of pins is cut at full height, pins kept whole', () => {
    const ys = Array.from({ length: 200 }, (_, i) => 1000 + i * 10);
    const slices = planSlices(4000, 1500, ys, 20);
    expect(slices.every((s) => s.bottom - s.top <= 1500)).toBe(true);
  });
});
