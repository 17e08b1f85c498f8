import fs from 'node:fs';

/**
 * The Chromium browser mode drives for captures and PDFs, found as the end-to-end tests
 * find it: the one named in CRIT_CHROMIUM, else Debian's, else Playwright's own.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CRIT_CHROMIUM) return process.env.CRIT_CHROMIUM;
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Launch switches: no GPU or shared memory needs, and no calls home. */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for that browser. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const executablePath = chromiumPath();
  return { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS };
}
