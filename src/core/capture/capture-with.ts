import type { OpenCaptureSession } from './cdp.ts';
import { capturePage, type CaptureOptions, type CaptureResult } from './capture-page.ts';
import { CaptureError } from './capture-error.ts';
import { parseCaptureUrl, checkCaptureWidth } from './target.ts';

/**
 * Opens a fresh page through the host, captures it and closes it, whatever happens:
 * the page (and whatever it keeps running) never outlives the capture. Opening the page
 * counts against the same limits as the capture itself.
 */
export async function captureWith(
  open: OpenCaptureSession,
  options: CaptureOptions,
): Promise<CaptureResult> {
  const url = parseCaptureUrl(options.url).href;
  const width = checkCaptureWidth(options.width);
  if (options.signal?.aborted) throw new CaptureError('cancelled', 'The capture was cancelled.');
  const session = await open({ url, width });
  try {
    return await capturePage(session, options);
  } finally {
    // Closing a page stuck in a script can itself stall; it must not hold the result.
    await Promise.race([
      session.close().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 5000).unref?.()),
    ]);
  }
}
