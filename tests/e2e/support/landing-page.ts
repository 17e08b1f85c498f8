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

  sampleLink(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  /** The whole card of a sample, found by its link. */
  sampleCard(name: string): Locator {
    return this.sampleCards.filter({ has: this.sampleLink(name) });
  }
}
