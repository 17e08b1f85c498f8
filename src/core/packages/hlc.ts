import { CritError } from '../../shared/errors.ts';
import { DEVICE_ID_PATTERN, HLC_PATTERN } from '../../shared/package-schemas.ts';

/**
 * A hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014): stamps that
 * follow the wall clock where it moves forward, never go backwards when it does not, and
 * order every event after those it has seen. Ties are broken by the device id, so the
 * order is total.
 */

/** One stamp: wall time in ms, a counter within that ms, the device that made it. */
export interface HlcStamp {
  wall: number;
  counter: number;
  device: string;
}

const MAX_WALL = 999_999_999_999_999;
const MAX_COUNTER = 999_999;
/** How far ahead of this machine's wall clock a received stamp may be: one day. */
export const DEFAULT_MAX_DRIFT_MS = 24 * 60 * 60 * 1000;

/** The stamp as sortable text: comparing two encodings as strings compares the stamps. */
export function encodeHlc(stamp: HlcStamp): string {
  return `${String(stamp.wall).padStart(15, '0')}.${String(stamp.counter).padStart(6, '0')}.${stamp.device}`;
}

/** Parses an encoded stamp, or throws `CritError('invalid-argument')`. */
export function decodeHlc(text: string): HlcStamp {
  const match = HLC_PATTERN.exec(text);
  if (!match)
    throw new CritError('invalid-argument', `"${text.slice(0, 40)}" is not a clock stamp.`);
  return { wall: Number(match[1]), counter: Number(match[2]), device: match[3]! };
}

/** Orders two stamps: negative if `a` is earlier, 0 if equal, positive if later. */
export function compareHlc(a: HlcStamp, b: HlcStamp): number {
  if (a.wall !== b.wall) return a.wall - b.wall;
  if (a.counter !== b.counter) return a.counter - b.counter;
  return a.device < b.device ? -1 : a.device > b.device ? 1 : 0;
}

export interface HlcOptions {
  /** The wall clock in ms; `Date.now` unless a test drives it. */
  now?: () => number;
  /** Received stamps further ahead of the wall clock than this are refused. */
  maxDriftMs?: number;
  /** The last stamp this device issued, so a restarted clock carries on after it. */
  last?: HlcStamp;
}

/** A device's clock. */
export interface Hlc {
  /** A new stamp for a local event, later than every stamp issued or received so far. */
  now(): HlcStamp;
  /** Takes in a stamp from elsewhere; returns a new stamp later than it and than all before. */
  receive(remote: HlcStamp): HlcStamp;
  /** The latest stamp issued (to persist, and pass back as `last` on the next start). */
  last(): HlcStamp;
}

/** Makes a clock for the device `device`. */
export function createHlc(device: string, options: HlcOptions = {}): Hlc {
  if (!DEVICE_ID_PATTERN.test(device)) {
    throw new CritError('invalid-argument', 'A device id is 1–64 letters, digits, _ or -.');
  }
  const wallClock = options.now ?? Date.now;
  const maxDrift = options.maxDriftMs ?? DEFAULT_MAX_DRIFT_MS;
  let wall = options.last?.wall ?? 0;
  let counter = options.last?.counter ?? 0;

  const physical = () => {
    const t = Math.floor(wallClock());
    if (!Number.isSafeInteger(t) || t < 0 || t > MAX_WALL) {
      throw new CritError('internal', 'The system clock reads an impossible time.');
    }
    return t;
  };
  const issue = (nextWall: number, nextCounter: number): HlcStamp => {
    if (nextCounter > MAX_COUNTER) {
      throw new CritError('internal', 'The clock counter overflowed; try again in a moment.');
    }
    wall = nextWall;
    counter = nextCounter;
    return { wall, counter, device };
  };

  return {
    now() {
      const pt = physical();
      if (pt > wall) return issue(pt, 0);
      return issue(wall, counter + 1);
    },
    receive(remote) {
      const pt = physical();
      if (remote.wall > pt + maxDrift) {
        throw new CritError(
          'invalid-argument',
          `A clock stamp is ${Math.round((remote.wall - pt) / 60_000)} minutes ahead of this computer's clock.`,
        );
      }
      const next = Math.max(wall, remote.wall, pt);
      if (next === wall && next === remote.wall) {
        return issue(next, Math.max(counter, remote.counter) + 1);
      }
      if (next === wall) return issue(next, counter + 1);
      if (next === remote.wall) return issue(next, remote.counter + 1);
      return issue(next, 0);
    },
    last: () => ({ wall, counter, device }),
  };
}
