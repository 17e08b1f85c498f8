import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/** A rectangle in screen coordinates (DIP). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the main window between launches. */
export interface WindowState {
  bounds: Rect;
  isMaximized: boolean;
}

/** Where and how big the window opens; no x/y means "centred by the system". */
export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  isMaximized: boolean;
}

/** The window's size on first launch. */
export const DEFAULT_SIZE = { width: 1600, height: 1000 } as const;

/** The smallest size the three-panel workspace fits in. */
export const MIN_SIZE = { width: 1024, height: 700 } as const;

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(100).max(100_000);

const stateSchema = z.object({
  bounds: z.object({ x: coordinate, y: coordinate, width: length, height: length }),
  isMaximized: z.boolean().default(false),
});

/** Parses the saved state file's text; null for anything missing, malformed or absurd. */
export function parseWindowState(text: string | null | undefined): WindowState | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = stateSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Fits a saved state onto the displays there are now: the window goes to the work area it
 * overlaps most, shrunk to fit it and moved fully inside it, so a window saved on a monitor
 * that is gone reopens where it can be seen. No state (or no overlap) means the default
 * size, centred on the primary display.
 */
export function fitToDisplays(
  state: WindowState | null,
  workAreas: readonly Rect[],
  primary: Rect,
): InitialBounds {
  const fallback: InitialBounds = {
    width: Math.min(DEFAULT_SIZE.width, primary.width),
    height: Math.min(DEFAULT_SIZE.height, primary.height),
    isMaximized: false,
  };
  if (!state) return fallback;
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = overlapArea(state.bounds, area);
    if (overlap > bestArea) [best, bestArea] = [area, overlap];
  }
  if (!best) {
    return {
      width: Math.min(state.bounds.width, primary.width),
      height: Math.min(state.bounds.height, primary.height),
      isMaximized: state.isMaximized,
    };
  }
  const width = Math.min(state.bounds.width, best.width);
  const height = Math.min(state.bounds.height, best.height);
  return {
    x: clamp(state.bounds.x, best.x, best.x + best.width - width),
    y: clamp(state.bounds.y, best.y, best.y + best.height - height),
    width,
    height,
    isMaximized: state.isMaximized,
  };
}

/** Reads the state file; null when it is missing or unreadable (first launch). */
export function readWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Writes the state file through a temporary file and a rename, so a crash mid-write leaves
 * the previous state rather than half a file. Failures are logged, never thrown: losing the
 * window position is not worth an error.
 */
export function writeWindowState(file: string, state: WindowState): void {
  const temp = `${file}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(state));
    renameSync(temp, file);
  } catch (error) {
    console.error('Could not save the window state:', error);
  }
}

/** The parts of a BrowserWindow the tracker uses. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isDestroyed(): boolean;
}

/**
 * Saves the window's state while it is resized or moved (debounced, so a drag writes once)
 * and once more, at once, when it closes. Normal bounds are saved even when maximised, so
 * un-maximising after a relaunch restores the size the user chose.
 */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  delayMs = 500,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const snapshot = (): WindowState => {
    const b = win.getNormalBounds();
    const bounds = {
      x: Math.round(b.x),
      y: Math.round(b.y),
      width: Math.round(b.width),
      height: Math.round(b.height),
    };
    return { bounds, isMaximized: win.isMaximized() };
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!win.isDestroyed()) save(snapshot());
    }, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const)
    win.on(event, schedule);
  win.on('close', () => {
    clearTimeout(timer);
    save(snapshot());
  });
}
