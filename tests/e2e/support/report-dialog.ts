import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';

/** The formats the dialog offers, as its radio buttons name them. */
export type ReportFormatLabel = 'PDF' | 'HTML' | 'CSV' | 'Markdown';

/** A report as it was saved: the suggested file name and its bytes. */
export interface SavedReport {
  fileName: string;
  bytes: Buffer;
}

/** The workspace's "Export report…" dialog: actions and locators, no assertions. */
export class ReportDialog {
  readonly page: Page;
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly allPages: Locator;
  readonly chosenPages: Locator;
  readonly onlyFiltered: Locator;
  /** The words that say what the workspace's filters show. */
  readonly filterWords: Locator;
  readonly exportButton: Locator;
  readonly cancelButton: Locator;
  readonly error: Locator;
  readonly progress: Locator;

  constructor(page: Page) {
    this.page = page;
    this.openButton = page.getByRole('banner').getByRole('button', { name: 'Export report…' });
    this.dialog = page.getByRole('dialog', { name: 'Export report' });
    this.allPages = this.dialog.getByRole('radio', { name: 'All pages' });
    this.chosenPages = this.dialog.getByRole('radio', { name: 'Chosen pages' });
    this.onlyFiltered = this.dialog.getByRole('checkbox', { name: 'Only what the filters show' });
    this.filterWords = this.dialog.getByTestId('report-filter-words');
    this.exportButton = this.dialog.getByRole('button', { name: /^Export(ing…)?$/ });
    this.cancelButton = this.dialog.getByRole('button', { name: 'Cancel' });
    this.error = this.dialog.getByRole('alert');
    this.progress = this.dialog.locator('output');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  format(label: ReportFormatLabel): Locator {
    return this.dialog.getByRole('radio', { name: label, exact: true });
  }

  /** The checkbox of one page under "Chosen pages". */
  pageBox(name: string): Locator {
    return this.dialog.getByRole('group', { name: 'Pages' }).getByRole('checkbox', {
      name,
      exact: true,
    });
  }

  /** Picks "Chosen pages" and ticks exactly the named ones. */
  async choosePages(names: string[]): Promise<void> {
    await this.chosenPages.check();
    const boxes = this.dialog.getByRole('group', { name: 'Pages' }).getByRole('checkbox');
    for (const box of await boxes.all()) {
      const name = (await box.getAttribute('aria-label')) ?? (await box.evaluate(labelOf));
      if (names.includes(name)) await box.check();
      else await box.uncheck();
    }
  }

  /** Clicks Export and waits for the file the page offers as a download. */
  async exportReport(): Promise<SavedReport> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 60_000 }),
      this.exportButton.click(),
    ]);
    return saved(download);
  }
}

function labelOf(el: Element): string {
  return (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '';
}

async function saved(download: Download): Promise<SavedReport> {
  const file = await download.path();
  return { fileName: download.suggestedFilename(), bytes: await readFile(file) };
}
