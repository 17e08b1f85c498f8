import sharp from 'sharp';
import type { Page } from '../shared/domain.ts';
import { toPercentMap } from '../shared/element-map.ts';
import { CritError } from '../shared/errors.ts';
import { LIMITS } from '../shared/limits.ts';
import type { CaptureRequest } from '../shared/schemas.ts';
import {
  CaptureError,
  captureWith,
  type CaptureOptions,
  type OpenCaptureSession,
} from './capture/index.ts';
import { capturedPageName, prepareCaptureSource } from './capture-source.ts';
import type { EventHub } from './events.ts';
import { taskProgress } from './progress.ts';
import {
  assertMayCaptureInto,
  storeCapturedPages,
  type CapturedPageInput,
} from './store/captured-pages.ts';
import type { DataFolder } from './store/index.ts';

/**
 * Cookie banners and chat bubbles hidden before every screenshot unless the call names
 * its own list: the consent tools most sites use, by their own ids and classes.
 */
export const DEFAULT_HIDE_SELECTORS: readonly string[] = [
  '#onetrust-consent-sdk',
  '#CybotCookiebotDialog',
  '#usercentrics-root',
  '#truste-consent-track',
  '.qc-cmp2-container',
  '#didomi-host',
  '.cc-window',
  '#cookie-law-info-bar',
  '#intercom-container',
  '.intercom-lightweight-app',
  '#hubspot-messages-iframe-container',
];

/** Capture steps reported per width by the engine, plus one for storing the pages. */
const STEPS_PER_WIDTH = 8;

/** `pages.capture` and `pages.cancelCapture`. */
export interface CaptureRunner {
  capture(request: CaptureRequest): Promise<Page[]>;
  cancel(taskId: string): void;
}

/** What the runner needs: the data folder, the host's browser, the event hub. */
export interface CaptureRunnerDeps {
  data: () => DataFolder;
  /** Opens a page for one capture; absent where the host has no browser to offer. */
  open: OpenCaptureSession | undefined;
  hub: EventHub;
  /** Time limits other than the engine's defaults (tests use short ones). */
  limits?: Pick<CaptureOptions, 'navigationTimeoutMs' | 'totalTimeoutMs' | 'tileHeight'>;
}

/**
 * Runs captures into designs: each width of the request is captured in turn (a fresh,
 * isolated page each), then all of them are stored at once, so a cancelled or failed
 * capture stores nothing. Progress goes out as `progress:update` events under the
 * request's task id; `cancel` ends the capture between or within widths.
 */
export function createCaptureRunner({ data, open, hub, limits }: CaptureRunnerDeps): CaptureRunner {
  const running = new Map<string, AbortController>();
  return {
    cancel(taskId) {
      // A task that already ended (or never began) has nothing left to cancel.
      running.get(taskId)?.abort();
    },
    async capture(request) {
      const { designId, widths, taskId } = request;
      assertMayCaptureInto(data().db, designId);
      if (!open) {
        throw new CritError('conflict', 'Capturing web pages is not available in this window.');
      }
      if (running.has(taskId)) {
        throw new CritError('conflict', 'A capture with this task id is already under way.');
      }
      const controller = new AbortController();
      running.set(taskId, controller);
      const total = widths.length * STEPS_PER_WIDTH + 1;
      const progress = taskProgress(hub, { taskId, label: 'Capturing a web page', total });
      let ending = 'failed';
      let source: Awaited<ReturnType<typeof prepareCaptureSource>> | null = null;
      try {
        progress.update(0, 'Preparing');
        source = await prepareCaptureSource(request.target);
        const pages: CapturedPageInput[] = [];
        for (const [index, width] of widths.entries()) {
          const result = await captureWith(open, {
            ...limits,
            url: source.url,
            width,
            hideSelectors: request.hideSelectors ?? DEFAULT_HIDE_SELECTORS,
            signal: controller.signal,
            onProgress: (label, done) =>
              progress.update(index * STEPS_PER_WIDTH + done, `${width} px: ${label}`),
          });
          pages.push({
            name: capturedPageName(result.title, source.fallbackName, width),
            bytes: await withinFileLimit(result.png),
            elements: toPercentMap(result.elements, result.width, result.height),
            address: source.address,
            width,
            note: result.warnings.length ? result.warnings.join(' ').slice(0, 1000) : null,
          });
        }
        if (controller.signal.aborted) {
          throw new CaptureError('cancelled', 'The capture was cancelled.');
        }
        progress.update(total - 1, 'Storing the pages');
        // From here the capture is one write: too late to cancel, and all or nothing.
        running.delete(taskId);
        const folder = data();
        const stored = await folder.collector.importing(
          () => storeCapturedPages(folder.db, folder.images, designId, pages),
          true,
        );
        ending = stored.length === 1 ? 'captured 1 page' : `captured ${stored.length} pages`;
        return stored;
      } catch (error) {
        if (error instanceof CaptureError && error.failure === 'cancelled') ending = 'cancelled';
        throw error;
      } finally {
        if (running.get(taskId) === controller) running.delete(taskId);
        await source?.dispose().catch(() => {});
        progress.finish(ending);
      }
    },
  };
}

/**
 * The screenshot as the image intake will take it: the PNG, or, when a very tall and
 * busy page makes it larger than the file limit, a high-quality JPEG of it.
 */
async function withinFileLimit(png: Buffer): Promise<Uint8Array> {
  if (png.byteLength <= LIMITS.imageBytes) return png;
  const jpeg = await sharp(png, { limitInputPixels: false }).jpeg({ quality: 90 }).toBuffer();
  if (jpeg.byteLength <= LIMITS.imageBytes) return jpeg;
  throw new CritError('too-large', 'The screenshot is too large to store, even compressed.');
}
