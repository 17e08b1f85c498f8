import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions, chromiumPath } from '../../../src/server/chromium.ts';

/**
 * Whether a Chromium can be launched here, and why not: the capture tests need a real
 * browser and skip, saying so, only when none is found.
 */
export function chromiumMissing(): string | null {
  const path = chromiumPath();
  if (path) return fs.existsSync(path) ? null : `CRIT_CHROMIUM names ${path}, which is missing`;
  try {
    return fs.existsSync(chromium.executablePath())
      ? null
      : 'no Chromium: neither /usr/bin/chromium, CRIT_CHROMIUM nor Playwright’s own';
  } catch {
    return 'no Chromium: neither /usr/bin/chromium, CRIT_CHROMIUM nor Playwright’s own';
  }
}

/** Headless Chromium as the capture host launches it. */
export function launchChromium(): Promise<Browser> {
  const options = chromiumLaunchOptions();
  return chromium.launch({ ...options, args: ['--no-sandbox', ...options.args] });
}
