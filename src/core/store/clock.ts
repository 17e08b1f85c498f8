import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';
import {
  DEFAULT_MAX_DRIFT_MS,
  createHlc,
  decodeHlc,
  encodeHlc,
  type Hlc,
} from '../packages/hlc.ts';
import { cached } from './statements.ts';

/** The settings key of this device's id (made by migration 4). */
export const DEVICE_ID_KEY = 'device_id';
/** The settings key of the last stamp this device's clock issued. */
export const HLC_LAST_KEY = 'hlc_last';

const READ = 'SELECT value FROM settings WHERE key = ?';
const WRITE = `INSERT INTO settings (key, value) VALUES (?, ?)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

function setting(db: DatabaseSync, key: string): string | undefined {
  return (cached(db, READ).get(key) as { value: string } | undefined)?.value;
}

/** This device's id, as stamps carry it. */
export function deviceId(db: DatabaseSync): string {
  const id = setting(db, DEVICE_ID_KEY);
  if (!id) throw new CritError('internal', 'This data folder has no device id.');
  return id;
}

/**
 * Runs `fn` with this device's hybrid logical clock, carried on from the last stamp
 * it issued, and records the clock's new last stamp. Call it inside the transaction that
 * writes the stamps: the write lock is held, so two processes on one folder (tests, the
 * soak) never issue the same stamp, and a rollback forgets the stamps with the rows.
 */
export function withClock<T>(db: DatabaseSync, fn: (clock: Hlc) => T): T {
  if (!db.isTransaction) throw new Error('withClock() runs inside a transaction.');
  const last = setting(db, HLC_LAST_KEY);
  const clock = createHlc(deviceId(db), last ? { last: decodeHlc(last) } : {});
  const before = encodeHlc(clock.last());
  const result = fn(clock);
  const after = encodeHlc(clock.last());
  if (after !== before) cached(db, WRITE).run(HLC_LAST_KEY, after);
  return result;
}

/** One new stamp, as text (inside a transaction). */
export function stampNow(db: DatabaseSync): string {
  return withClock(db, (clock) => encodeHlc(clock.now()));
}

/** The ISO-8601 time of a stamp's wall clock, for the rows' `*_at` columns. */
export function isoOfStamp(stamp: string): string {
  return new Date(decodeHlc(stamp).wall).toISOString();
}

/**
 * Refuses stamps that run further ahead of this computer's clock than the clock's drift
 * rule allows (one day): a package from a machine whose clock is wrong, or one made to
 * win every conflict, would otherwise outrank every later change made here.
 */
export function assertStampsNotAhead(latest: string | null, now = Date.now()): void {
  if (latest === null) return;
  const ahead = decodeHlc(latest).wall - now;
  if (ahead > DEFAULT_MAX_DRIFT_MS) {
    const hours = Math.round(ahead / 3_600_000);
    throw new CritError(
      'invalid-argument',
      `This package carries changes dated ${hours} hours ahead of this computer's clock, more than the day Crit allows. Check the date and time on both computers. Nothing was changed.`,
    );
  }
}
