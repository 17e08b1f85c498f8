import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { FilePayload } from './images.ts';

/** A review package as a download gave it: its suggested name and its bytes. */
export interface SavedPackage {
  name: string;
  payload: FilePayload;
}

/** Clicks `trigger` and waits for the download it starts; returns the file as saved. */
export async function downloadPackage(page: Page, trigger: Locator): Promise<SavedPackage> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const file = await download.path();
  const buffer = await readFile(file);
  const name = download.suggestedFilename();
  return { name, payload: { name, mimeType: 'application/vnd.crit.package', buffer } };
}

/** Opens a package through the landing screen's "Open review package…" file chooser. */
export async function openPackageByChooser(page: Page, saved: SavedPackage): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open review package…' }).click(),
  ]);
  await chooser.setFiles(saved.payload);
}

/** The dialog that says what opening a package did. */
export function packageNotices(page: Page): Locator {
  return page.getByTestId('package-notices');
}

/** Closes that dialog. */
export async function closePackageNotices(page: Page): Promise<void> {
  await page.locator('dialog[open]').getByRole('button', { name: 'OK' }).click();
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
}

/** The pins' accessible names on the page shown, "Comment N by Name", without the "new" mark. */
export async function pinNames(pins: Locator): Promise<string[]> {
  const names = await pins.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return names.map((n) => n.replace(/, new$/, '')).sort();
}
