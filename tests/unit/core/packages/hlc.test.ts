import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareHlc,
  createHlc,
  decodeHlc,
  encodeHlc,
  type HlcStamp,
} from '../../../../src/core/packages/hlc.ts';
import { CritError } from '../../../../src/shared/errors.ts';

describe('hybrid logical clock', () => {
  it('follows the wall clock while it moves forward', () => {
    let wall = 1_000;
    const clock = createHlc('a', { now: () => wall });
    expect(clock.now()).toEqual({ wall: 1_000, counter: 0, device: 'a' });
    wall = 1_500;
    expect(clock.now()).toEqual({ wall: 1_500, counter: 0, device: 'a' });
  });

  it('keeps every stamp later than the last when the wall clock stands still or goes back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1, maxLength: 200 }),
        (steps) => {
          let wall = 1_700_000_000_000;
          const clock = createHlc('dev', { now: () => wall });
          let previous = clock.now();
          for (const step of steps) {
            wall += step;
            const next = clock.now();
            expect(compareHlc(next, previous)).toBeGreaterThan(0);
            expect(encodeHlc(next) > encodeHlc(previous)).toBe(true);
            previous = next;
          }
        },
      ),
    );
  });

  it('orders a received stamp before the next local one, whatever the wall clocks say', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 50 }),
        (localWall, remoteWall, remoteCounter) => {
          const clock = createHlc('a', { now: () => localWall, maxDriftMs: 20_000 });
          const before = clock.now();
          const remote: HlcStamp = { wall: remoteWall, counter: remoteCounter, device: 'b' };
          const received = clock.receive(remote);
          expect(compareHlc(received, remote)).toBeGreaterThan(0);
          expect(compareHlc(received, before)).toBeGreaterThan(0);
          expect(compareHlc(clock.now(), received)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('follows the paper: counters carry on from the larger stamp of the same ms', () => {
    const clock = createHlc('a', { now: () => 100 });
    clock.now(); // 100.0
    expect(clock.receive({ wall: 100, counter: 7, device: 'b' })).toEqual({
      wall: 100,
      counter: 8,
      device: 'a',
    });
    expect(clock.receive({ wall: 150, counter: 3, device: 'b' })).toEqual({
      wall: 150,
      counter: 4,
      device: 'a',
    });
    expect(clock.receive({ wall: 120, counter: 9, device: 'b' })).toEqual({
      wall: 150,
      counter: 5,
      device: 'a',
    });
  });

  it('refuses a received stamp far ahead of the wall clock, which would pin the clock in the future', () => {
    const clock = createHlc('a', { now: () => 1_000, maxDriftMs: 60_000 });
    expect(() => clock.receive({ wall: 1_000 + 3_600_000, counter: 0, device: 'b' })).toThrow(
      /ahead of this computer's clock/,
    );
    expect(clock.now()).toEqual({ wall: 1_000, counter: 0, device: 'a' });
  });

  it('carries on after the last stamp it issued when restarted', () => {
    const clock = createHlc('a', { now: () => 5, last: { wall: 900, counter: 3, device: 'a' } });
    expect(clock.now()).toEqual({ wall: 900, counter: 4, device: 'a' });
  });

  it('encodes as text that sorts like the stamps and decodes back', () => {
    fc.assert(
      fc.property(
        fc.record({
          wall: fc.integer({ min: 0, max: 2 ** 45 }),
          counter: fc.integer({ min: 0, max: 999_999 }),
          device: fc.constantFrom('a', 'b', 'dev-9'),
        }),
        fc.record({
          wall: fc.integer({ min: 0, max: 2 ** 45 }),
          counter: fc.integer({ min: 0, max: 999_999 }),
          device: fc.constantFrom('a', 'b', 'dev-9'),
        }),
        (a, b) => {
          expect(decodeHlc(encodeHlc(a))).toEqual(a);
          const byText = encodeHlc(a) < encodeHlc(b) ? -1 : encodeHlc(a) > encodeHlc(b) ? 1 : 0;
          expect(byText).toBe(Math.sign(compareHlc(a, b)));
        },
      ),
    );
    expect(() => decodeHlc('yesterday')).toThrow(CritError);
  });

  it('refuses a device id that would break the encoding', () => {
    expect(() => createHlc('a.b')).toThrow(/device id/);
  });
});
