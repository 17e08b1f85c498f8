import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';

/** A PDF printer over a headless Chromium, started on first use and closed with `close`. */
export interface ChromiumPdfPrinter {
  print(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Longest a report may take to lay out and print. */
const PRINT_TIMEOUT_MS = 120_000;

/**
 * Browser mode's PDF printer: loads the report's HTML into a fresh page of a headless
 * Chromium with JavaScript off and no network, then prints it through the DevTools
 * protocol's `Page.printToPDF`, backgrounds included, at the page size the HTML asks for.
 */
export function createPdfPrinter(): ChromiumPdfPrinter {
  let browser: Promise<Browser> | null = null;
  const launch = () => (browser ??= chromium.launch(chromiumLaunchOptions()));
  return {
    async print(html) {
      const context = await (await launch()).newContext({ javaScriptEnabled: false });
      try {
        // The report is self-contained: anything it would fetch is refused.
        await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        page.setDefaultTimeout(PRINT_TIMEOUT_MS);
        await page.setContent(html, { waitUntil: 'load' });
        const cdp = await context.newCDPSession(page);
        const result = (await cdp.send('Page.printToPDF', {
          printBackground: true,
          preferCSSPageSize: true,
        })) as { data: string };
        return new Uint8Array(Buffer.from(result.data, 'base64'));
      } finally {
        await context.close();
      }
    },
    async close() {
      const running = browser;
      browser = null;
      if (running) await (await running).close();
    },
  };
}
