import type { Browser, CDPSession } from '@playwright/test';
import type {
  CaptureSessionHandle,
  CaptureTarget,
  OpenCaptureSession,
} from '../core/capture/index.ts';
import { isAllowedCaptureRequest } from '../core/capture/index.ts';
import { chromiumLaunchOptions } from './chromium.ts';

/** Chromium for captures, launched on first use and shared by every capture. */
export interface PlaywrightCapturer {
  /** Opens a fresh, locked-down page for one capture (see `openPlaywrightCapture`). */
  open: OpenCaptureSession;
  /** Closes the browser, if it was launched here. */
  close(): Promise<void>;
}

/**
 * Builds the browser-mode (and test) capture host. Pass a running `browser` to share it;
 * otherwise headless Chromium is launched, found as the end-to-end tests find it.
 */
export function createPlaywrightCapturer(browser?: Browser): PlaywrightCapturer {
  let launched: Promise<Browser> | null = null;
  const get = (): Promise<Browser> => {
    if (browser) return Promise.resolve(browser);
    launched ??= import('@playwright/test').then(({ chromium }) =>
      chromium.launch(chromiumLaunchOptions()),
    );
    return launched;
  };
  return {
    open: async (target) => openPlaywrightCapture(await get(), target),
    async close() {
      if (launched) await (await launched).close();
      launched = null;
    },
  };
}

/**
 * Opens one page for a capture in its own non-persistent context: downloads refused,
 * pop-ups closed as they open, permission prompts denied, dialogs dismissed, service
 * workers blocked, and only http(s) (plus the one chosen file:// URL) loaded: every other
 * request is aborted. Closing the handle closes the context and everything in it.
 */
export async function openPlaywrightCapture(
  browser: Browser,
  target: CaptureTarget,
): Promise<CaptureSessionHandle> {
  const allowedFile = target.url.startsWith('file:') ? target.url : undefined;
  const context = await browser.newContext({
    acceptDownloads: false,
    serviceWorkers: 'block',
    permissions: [],
    viewport: { width: target.width, height: 900 },
  });
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= context.close().catch(() => {}));
  try {
    await context.route('**/*', (route) =>
      isAllowedCaptureRequest(route.request().url(), allowedFile)
        ? route.continue()
        : route.abort('blockedbyclient'),
    );
    // window.open answers null in every frame, and any page that opens anyway (a link
    // with target=_blank, a form) is closed at once, so pop-up spam cannot multiply.
    await context.addInitScript({
      content: "Object.defineProperty(window, 'open', { value: () => null, configurable: false });",
    });
    // The fresh context's first page is ours (nothing else can open one before it).
    let ours = true;
    context.on('page', (other) => {
      if (ours) ours = false;
      else void other.close().catch(() => {});
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
    const cdp = await context.newCDPSession(page);
    return adaptCdpSession(cdp, close);
  } catch (error) {
    await close();
    throw error;
  }
}

/** Wraps Playwright's CDP session in the engine's `send` and `on`. */
export function adaptCdpSession(
  cdp: Pick<CDPSession, 'send' | 'on' | 'off'>,
  close: () => Promise<void>,
): CaptureSessionHandle {
  // Playwright types each protocol method; the engine speaks method names as strings.
  const loose = cdp as unknown as {
    send(method: string, params?: object): Promise<unknown>;
    on(event: string, handler: (params: unknown) => void): void;
    off(event: string, handler: (params: unknown) => void): void;
  };
  return {
    send: (method, params) => loose.send(method, params),
    on(event, handler) {
      loose.on(event, handler);
      return () => loose.off(event, handler);
    },
    close,
  };
}
