import { DateTime, Duration } from 'luxon';

/**
 * The phrases are English whatever the system's language, and the times are instants
 * (ISO with a "Z"): naming the locale and zone keeps luxon from asking the system for
 * its own, whose first lookup loads the internationalisation data (12–30 ms here, on a
 * screen's first render).
 */
const OPTIONS = { locale: 'en-US', zone: 'utc' } as const;

type Unit = 'seconds' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

/**
 * Thresholds of the long-standing relative-time convention (SPEC A5): each row is the
 * unit, the largest rounded count that still reads as a single unit ("a minute"), and
 * the count from which the next unit takes over.
 */
const STEPS: { unit: Unit; single: string; upTo: number }[] = [
  { unit: 'minutes', single: 'a minute', upTo: 45 },
  { unit: 'hours', single: 'an hour', upTo: 22 },
  { unit: 'days', single: 'a day', upTo: 26 },
  { unit: 'months', single: 'a month', upTo: 11 },
  { unit: 'years', single: 'a year', upTo: Infinity },
];

/** Phrase for an elapsed span, without "ago" / "in". */
function phrase(milliseconds: number): string {
  // 'longterm' uses the calendar averages (365.2425-day year, 30.436875-day month).
  const span = Duration.fromMillis(Math.abs(milliseconds), {
    conversionAccuracy: 'longterm',
    locale: OPTIONS.locale,
  });
  if (Math.round(span.as('seconds')) < 45) return 'a few seconds';
  for (const { unit, single, upTo } of STEPS) {
    const count = Math.round(span.as(unit));
    if (count <= 1) return single;
    if (count < upTo) return `${count} ${unit}`;
  }
  return `${Math.round(span.as('years'))} years`;
}

/**
 * Relative time between `iso` and `now`, worded as relative-time libraries have long
 * done: "a few seconds ago", "3 hours ago", "in a day".
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = DateTime.fromISO(iso, OPTIONS);
  if (!then.isValid) return '';
  const diff = now - then.toMillis();
  const text = phrase(diff);
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/**
 * How long ago something happened (a comment or reply was written), for display: a time
 * ahead of `now` can only mean the clocks of two processes or machines differ, so it
 * reads as now ("a few seconds ago"), never "in 2 minutes". SPEC A5's "in …" wording
 * stays with `relativeTime`, for times that are really ahead.
 */
export function timeSince(iso: string, now: number = Date.now()): string {
  const then = DateTime.fromISO(iso, OPTIONS);
  if (!then.isValid) return '';
  return relativeTime(iso, Math.max(now, then.toMillis()));
}
