import type { Locator, Page } from '@playwright/test';
import type { CritServer } from './crit-server.ts';

/** The landing screen: actions and locators, no assertions. */
export class LandingPage {
  readonly headline: Locator;
  readonly sampleCards: Locator;

  readonly page: Page;
  private readonly crit: CritServer;

  constructor(page: Page, crit: CritServer) {
    this.page = page;
    this.crit = crit;
    this.headline = page.getByRole('heading', { level: 1 });
    this.sampleCards = page.getByRole('region', { name: 'Sample reviews' }).getByRole('listitem');
  }

  async open(): Promise<void> {
    await this.page.goto(this.crit.routeUrl('/'));
  }

  /** Creates a design through the "New design" dialog; the app then opens it. */
  async createDesign(name: string, description = ''): Promise<void> {
    await this.page.getByRole('button', { name: 'New design' }).click();
    const dialog = this.page.locator('dialog[open]');
    await dialog.getByLabel('Name').fill(name);
    if (description) await dialog.getByLabel('Description (optional)').fill(description);
    await dialog.getByRole('button', { name: 'Create design' }).click();
  }

  designCard(name: string): Locator {
    return this.page
      .getByRole('region', { name: 'Your designs' })
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  sampleLink(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  /** The whole card of a sample, found by its link. */
  sampleCard(name: string): Locator {
    return this.sampleCards.filter({ has: this.sampleLink(name) });
  }
}
