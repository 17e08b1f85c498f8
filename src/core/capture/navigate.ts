import type { CdpSession } from './cdp.ts';
import { CaptureError } from './capture-error.ts';
import { seconds, type Guard } from './guard.ts';

/**
 * Navigates the page and waits for its load event, at most `limitMs` from the start.
 * Resolves true when the page loaded, false when its document was parsed but something
 * kept loading past the limit (it is captured as it is). Rejects with a CaptureError
 * when the address fails (DNS, refused, redirect loop, a download) or nothing arrived.
 */
export async function navigate(
  session: CdpSession,
  guard: Guard,
  url: string,
  limitMs: number,
): Promise<boolean> {
  const started = Date.now();
  let parsed = false;
  let markLoaded: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const stops = [
    session.on('Page.domContentEventFired', () => (parsed = true)),
    session.on('Page.loadEventFired', () => markLoaded()),
  ];
  const tooSlow = () =>
    new CaptureError(
      'navigation-timeout',
      `The page did not load within ${seconds(limitMs)}. Check the address, or try again.`,
    );
  try {
    const answer = (await guard.run(session.send('Page.navigate', { url }), limitMs, tooSlow)) as {
      errorText?: string;
    };
    if (answer?.errorText) {
      throw new CaptureError(
        'navigation',
        `Could not load ${url.slice(0, 300)}: ${answer.errorText.slice(0, 200)}.`,
      );
    }
    const left = Math.max(0, limitMs - (Date.now() - started));
    try {
      await guard.run(loaded, left, tooSlow);
      return true;
    } catch (error) {
      if (error instanceof CaptureError && error.failure === 'navigation-timeout' && parsed) {
        return false;
      }
      throw error;
    }
  } finally {
    for (const stop of stops) stop();
  }
}
