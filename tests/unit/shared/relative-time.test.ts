import { describe, expect, test } from 'vitest';
import { relativeTime, timeSince } from '../../../src/shared/relative-time.ts';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

/** Elapsed time → expected wording, at both sides of every threshold of SPEC A5. */
const TABLE: [number, string][] = [
  [0, 'a few seconds'],
  [44 * S, 'a few seconds'],
  [45 * S, 'a minute'],
  [89 * S, 'a minute'],
  [90 * S, '2 minutes'],
  [44 * MIN, '44 minutes'],
  [45 * MIN, 'an hour'],
  [89 * MIN, 'an hour'],
  [90 * MIN, '2 hours'],
  [21 * H, '21 hours'],
  [22 * H, 'a day'],
  [35 * H, 'a day'],
  [36 * H, '2 days'],
  [25 * D, '25 days'],
  [26 * D, 'a month'],
  [45 * D, 'a month'],
  [46 * D, '2 months'],
  [319 * D, '10 months'],
  [320 * D, 'a year'],
  [547 * D, 'a year'],
  [548 * D, '2 years'],
  [3650 * D, '10 years'],
];

describe('relativeTime', () => {
  test.each(TABLE)('%i ms in the past reads "%s ago"', (elapsed, words) => {
    expect(relativeTime(new Date(NOW - elapsed).toISOString(), NOW)).toBe(`${words} ago`);
  });

  test.each(TABLE.filter(([elapsed]) => elapsed > 0))(
    '%i ms in the future reads "in %s"',
    (ahead, words) => {
      expect(relativeTime(new Date(NOW + ahead).toISOString(), NOW)).toBe(`in ${words}`);
    },
  );

  test('rounds counts to the nearest unit', () => {
    expect(relativeTime(new Date(NOW - (10 * MIN + 29 * S)).toISOString(), NOW)).toBe(
      '10 minutes ago',
    );
    expect(relativeTime(new Date(NOW - (10 * MIN + 31 * S)).toISOString(), NOW)).toBe(
      '11 minutes ago',
    );
  });

  test('an unreadable timestamp gives an empty string', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('timeSince', () => {
  test('a time ahead of now (another clock running fast) reads as just now', () => {
    for (const ahead of [1, 30 * S, 5 * MIN, 3 * H, 2 * D]) {
      expect(timeSince(new Date(NOW + ahead).toISOString(), NOW)).toBe('a few seconds ago');
    }
  });

  test.each(TABLE)('%i ms in the past reads "%s ago", as relativeTime does', (elapsed, words) => {
    expect(timeSince(new Date(NOW - elapsed).toISOString(), NOW)).toBe(`${words} ago`);
  });

  test('an unreadable timestamp gives an empty string', () => {
    expect(timeSince('not a date', NOW)).toBe('');
  });
});
