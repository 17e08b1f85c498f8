import type { Locator, Page } from '@playwright/test';
import type { CritServer } from './crit-server.ts';

/** The three-panel review workspace: actions and locators, no assertions. */
export class WorkspacePage {
  readonly title: Locator;
  readonly logo: Locator;
  readonly userAvatar: Locator;
  readonly sidebar: Locator;
  readonly canvas: Locator;
  readonly panel: Locator;
  readonly commentsHeading: Locator;
  readonly commentCount: Locator;
  readonly reviewerCount: Locator;
  readonly likeCount: Locator;
  readonly likeButton: Locator;
  readonly pagesNav: Locator;
  readonly pageButtons: Locator;
  readonly reviewersSection: Locator;
  readonly reviewerButtons: Locator;
  readonly screenshot: Locator;
  readonly image: Locator;
  readonly pins: Locator;
  readonly cards: Locator;

  readonly page: Page;
  private readonly crit: CritServer;

  constructor(page: Page, crit: CritServer) {
    this.page = page;
    this.crit = crit;
    const header = page.getByRole('banner').first();
    this.title = header.getByRole('heading', { level: 1 });
    this.logo = page.getByRole('link', { name: 'Crit home' });
    this.userAvatar = header.locator('img.app-header__avatar');
    this.sidebar = page.getByTestId('sidebar');
    this.canvas = page.getByTestId('canvas');
    this.panel = page.getByTestId('comments-panel');
    this.commentsHeading = this.panel.getByRole('heading', { name: /^Comments \(\d+\)$/ });
    this.commentCount = page.getByTestId('count-comments');
    this.reviewerCount = page.getByTestId('count-reviewers');
    this.likeCount = page.getByTestId('count-likes');
    this.likeButton = page.getByRole('button', { name: /^Like/ });
    this.pagesNav = page.getByRole('navigation', { name: 'Pages' });
    this.pageButtons = this.pagesNav.getByRole('button');
    this.reviewersSection = page.getByTestId('reviewers-section');
    this.reviewerButtons = page
      .getByRole('region', { name: 'Reviewers' })
      .getByRole('listitem')
      .getByRole('button');
    this.screenshot = page.getByTestId('screenshot');
    this.image = this.screenshot.locator('img.screenshot__image');
    this.pins = this.screenshot.getByRole('button', { name: /^Comment \d+ by / });
    this.cards = this.panel.getByRole('article');
  }

  async open(route: string): Promise<void> {
    await this.page.goto(this.crit.routeUrl(route));
    // The review has loaded once its pages are listed (the heading shows before that).
    await this.pageButtons.first().waitFor();
    await this.commentsHeading.waitFor();
  }

  pageButton(name: string): Locator {
    return this.pagesNav.getByRole('button', { name, exact: true });
  }

  reviewerButton(name: string): Locator {
    return this.reviewerButtons.filter({ hasText: name });
  }

  pin(number: number): Locator {
    return this.screenshot.getByRole('button', { name: new RegExp(`^Comment ${number} by `) });
  }

  card(number: number): Locator {
    return this.cards.nth(number - 1);
  }

  /** Clicks the empty part of the reviewers section, below the list. */
  async clickReviewersBackground(): Promise<void> {
    const box = await this.reviewersSection.boundingBox();
    if (!box) throw new Error('reviewers section is not visible');
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height - 4);
  }

  /** The number in the `Comments (N)` heading. */
  async headingCount(): Promise<number> {
    const text = (await this.commentsHeading.textContent()) ?? '';
    return Number(/\((\d+)\)/.exec(text)?.[1]);
  }
}
