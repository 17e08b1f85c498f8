import type { MappedElement } from '../../shared/element-map.ts';
import type { CdpSession } from './cdp.ts';
import { CaptureError } from './capture-error.ts';
import { parseCollectedElements, COLLECT_ELEMENTS_SCRIPT } from './collect-elements.ts';
import { createGuard, seconds } from './guard.ts';
import { navigate } from './navigate.ts';
import { freezeScript, MEASURE_SCRIPT, readinessScript, scrollPassScript } from './page-scripts.ts';
import { planTiles, stitchTiles, MAX_TILE_HEIGHT, type TileImage } from './tiles.ts';
import { checkCaptureWidth, MAX_CAPTURE_HEIGHT, parseCaptureUrl } from './target.ts';

/** What to capture and within which limits. */
export interface CaptureOptions {
  /** http(s), or the file:// URL of the local HTML file the user chose. */
  url: string;
  /** Viewport width in CSS pixels (1440 desktop, 768 tablet, 390 phone, or custom). */
  width: number;
  /** Viewport height while the page loads and scrolls; 900 unless given. */
  viewportHeight?: number;
  /** From navigation start to the load event; 20 s unless given. */
  navigationTimeoutMs?: number;
  /** The whole capture, start to stitched PNG; 60 s unless given. */
  totalTimeoutMs?: number;
  /** Longest wait for fonts and images once loaded; 5 s unless given. */
  readyTimeoutMs?: number;
  /** Pages taller than this are cut (40,000 px, also the most it can be). */
  maxHeight?: number;
  /** Tile height (≤ 8,192 px); smaller values are for tests. */
  tileHeight?: number;
  /** CSS selectors of things to hide before the screenshot (cookie banners, chat bubbles). */
  hideSelectors?: readonly string[];
  /** Cancels the capture; it then rejects with a CaptureError `cancelled`. */
  signal?: AbortSignal;
  /** Told as each step starts: a label, steps done, steps in all. */
  onProgress?: (label: string, done: number, total: number) => void;
}

/** A full-page screenshot and the elements on it. */
export interface CaptureResult {
  /** The stitched PNG, `width` × `height` device pixels (device scale 1). */
  png: Buffer;
  width: number;
  height: number;
  /** The page's own height; above `height` when the page was cut. */
  pageHeight: number;
  /** True when the page was taller than the limit and cut at it. */
  cut: boolean;
  /** The document's title (trimmed, at most 200 characters); may be empty. */
  title: string;
  /** Where the page ended up after redirects. */
  finalUrl: string;
  /** The element map in CSS pixels of the page, each with its selector; clipped to `height`. */
  elements: MappedElement[];
  /** Things the user should know (cut page, load event never came, images still loading). */
  warnings: string[];
}

const STEPS = ['Preparing', 'Loading the page', 'Loading lazy content', 'Waiting for images'];
const LATE_STEPS = ['Stopping animations', 'Mapping elements', 'Taking the screenshot'];

/**
 * Captures one page at one width through a CDP session: device metrics, reduced motion,
 * navigation, a scroll pass, fonts and images, animations stopped, the element map, and
 * a tiled full-page screenshot stitched into one PNG. Always ends: a result, or a
 * CaptureError (a CritError) for a bad address, a failed or slow load, the whole-capture
 * limit or cancellation. The caller closes the session afterwards in every case.
 */
export async function capturePage(
  session: CdpSession,
  options: CaptureOptions,
): Promise<CaptureResult> {
  const url = parseCaptureUrl(options.url).href;
  const width = checkCaptureWidth(options.width);
  const maxHeight = Math.min(MAX_CAPTURE_HEIGHT, Math.floor(options.maxHeight ?? Infinity));
  const navigationMs = options.navigationTimeoutMs ?? 20_000;
  const guard = createGuard(options.totalTimeoutMs ?? 60_000, options.signal);
  const warnings: string[] = [];
  const total = STEPS.length + LATE_STEPS.length + 1;
  let done = 0;
  const progress = (label: string) => options.onProgress?.(label, done++, total);
  const send = (method: string, params?: object) => guard.run(session.send(method, params));
  // Dialogs block the page's scripts and every evaluation after them: dismiss each one.
  const stopDialogs = session.on('Page.javascriptDialogOpening', () => {
    session.send('Page.handleJavaScriptDialog', { accept: false }).catch(() => {});
  });
  try {
    progress(STEPS[0]!);
    await send('Page.enable');
    await send('Page.setBypassCSP', { enabled: true });
    await send('Emulation.setDeviceMetricsOverride', {
      width,
      height: options.viewportHeight ?? 900,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-reduced-motion', value: 'reduce' }],
    });

    progress(STEPS[1]!);
    const loaded = await navigate(session, guard, url, navigationMs);
    if (!loaded) {
      warnings.push(
        `The page had not finished loading after ${seconds(navigationMs)}; it was captured as it was.`,
      );
    }
    const evaluate = await isolatedEvaluator(session, send);

    progress(STEPS[2]!);
    await evaluate(scrollPassScript(maxHeight));
    progress(STEPS[3]!);
    const ready = (await evaluate(readinessScript(options.readyTimeoutMs ?? 5000))) as {
      ready: boolean;
      pending: number;
    };
    if (!ready.ready) {
      warnings.push(`${ready.pending} image(s) had not loaded in time; they may be missing.`);
    }

    progress(LATE_STEPS[0]!);
    await evaluate(freezeScript(options.hideSelectors ?? []));
    await send('Animation.enable');
    await send('Animation.setPlaybackRate', { playbackRate: 0 });

    progress(LATE_STEPS[1]!);
    // The view is made as tall as the page (up to the cut) before the map and the
    // screenshot, so both see one layout, fixed and sticky things sit once at the top,
    // and each tile is a plain clip of what is already laid out.
    let measured = await measure(evaluate);
    for (let round = 0; round < 2; round++) {
      await send('Emulation.setDeviceMetricsOverride', {
        width,
        height: Math.min(measured.height, maxHeight),
        deviceScaleFactor: 1,
        mobile: false,
      });
      const again = await measure(evaluate);
      const settled = Math.min(again.height, maxHeight) === Math.min(measured.height, maxHeight);
      measured = again;
      if (settled) break;
    }
    const pageHeight = measured.height;
    const height = Math.min(pageHeight, maxHeight);
    const cut = pageHeight > height;
    if (cut) {
      warnings.push(
        `The page is ${pageHeight.toLocaleString('en')} px tall; it was cut at ${height.toLocaleString('en')} px.`,
      );
    }
    let elements: MappedElement[];
    try {
      elements = parseCollectedElements(await evaluate(COLLECT_ELEMENTS_SCRIPT));
    } catch (error) {
      if (error instanceof CaptureError) throw error;
      throw new CaptureError('page-error', 'The page gave an element map that makes no sense.');
    }
    elements = elements.filter((e) => e.y < height && e.x < width && e.x + e.w > 0);

    progress(LATE_STEPS[2]!);
    const tiles: TileImage[] = [];
    for (const tile of planTiles(height, options.tileHeight ?? MAX_TILE_HEIGHT)) {
      const shot = (await send('Page.captureScreenshot', {
        format: 'png',
        clip: { x: 0, y: tile.y, width, height: tile.height, scale: 1 },
        captureBeyondViewport: false,
        fromSurface: true,
        optimizeForSpeed: true,
      })) as { data?: unknown };
      if (typeof shot?.data !== 'string') {
        throw new CaptureError('page-error', 'The browser returned no screenshot.');
      }
      tiles.push({ ...tile, png: Buffer.from(shot.data, 'base64') });
    }
    progress('Putting the screenshot together');
    const png = await guard.run(stitchTiles(width, height, tiles));
    guard.check();
    options.onProgress?.('Captured', total, total);
    return {
      png,
      width,
      height,
      pageHeight,
      cut,
      title: measured.title.replace(/\s+/g, ' ').trim().slice(0, 200),
      finalUrl: (measured.url || url).slice(0, 4096),
      elements,
      warnings,
    };
  } finally {
    stopDialogs();
    guard.dispose();
  }
}

type Evaluate = (expression: string) => Promise<unknown>;

/** The page's title, address and height (at least 1 px). */
async function measure(
  evaluate: Evaluate,
): Promise<{ title: string; url: string; height: number }> {
  const raw = (await evaluate(MEASURE_SCRIPT)) as {
    title?: unknown;
    url?: unknown;
    height?: unknown;
  };
  return {
    title: String(raw?.title ?? ''),
    url: String(raw?.url ?? ''),
    height: Math.max(1, Math.ceil(Number(raw?.height) || 0)),
  };
}

/**
 * Creates an isolated world in the loaded page's main frame and returns an evaluator in
 * it: the page shares its DOM with our scripts but cannot replace the functions they call.
 */
async function isolatedEvaluator(
  session: CdpSession,
  send: (method: string, params?: object) => Promise<unknown>,
): Promise<Evaluate> {
  const tree = (await send('Page.getFrameTree')) as { frameTree?: { frame?: { id?: string } } };
  const frameId = tree?.frameTree?.frame?.id;
  if (typeof frameId !== 'string') throw new CaptureError('page-error', 'The page has no frame.');
  const world = (await send('Page.createIsolatedWorld', {
    frameId,
    worldName: 'crit-capture',
  })) as { executionContextId?: number };
  const contextId = world?.executionContextId;
  if (typeof contextId !== 'number') {
    throw new CaptureError('page-error', 'Could not prepare the page for capture.');
  }
  return async (expression) => {
    let answer: { result?: { value?: unknown }; exceptionDetails?: { text?: string } };
    try {
      answer = (await send('Runtime.evaluate', {
        expression,
        contextId,
        awaitPromise: true,
        returnByValue: true,
      })) as typeof answer;
    } catch (error) {
      if (error instanceof CaptureError) throw error;
      // The context goes when the page navigates away (a script redirect, a reload loop).
      throw new CaptureError(
        'page-error',
        `The page changed while it was being captured (${String((error as Error)?.message ?? error).slice(0, 200)}).`,
      );
    }
    if (answer?.exceptionDetails) {
      throw new CaptureError(
        'page-error',
        `The page could not be prepared for capture: ${String(answer.exceptionDetails.text ?? 'script error').slice(0, 200)}.`,
      );
    }
    return answer?.result?.value;
  };
}
