import type { JSHandle, Locator, Page } from '@playwright/test';
import type { CritServer } from './crit-server.ts';
import type { FilePayload } from './images.ts';

/** The workspace of one of the user's designs: actions and locators, no assertions. */
export class DesignPage {
  readonly page: Page;
  private readonly crit: CritServer;
  readonly title: Locator;
  readonly addPagesInput: Locator;
  readonly commentModeButton: Locator;
  readonly profileButton: Locator;
  readonly pagesNav: Locator;
  readonly pageButtons: Locator;
  readonly screenshot: Locator;
  readonly image: Locator;
  readonly pins: Locator;
  readonly panel: Locator;
  readonly commentsHeading: Locator;
  readonly cards: Locator;
  readonly composer: Locator;
  readonly progress: Locator;
  readonly alerts: Locator;
  readonly dialog: Locator;
  readonly commentCount: Locator;

  constructor(page: Page, crit: CritServer) {
    this.page = page;
    this.crit = crit;
    const header = page.getByRole('banner').first();
    this.title = header.getByRole('heading', { level: 1 });
    this.addPagesInput = page.getByTestId('add-pages-input');
    this.commentModeButton = header.getByRole('button', { name: /^(Comment|Done commenting)$/ });
    this.profileButton = header.getByRole('button').last();
    this.pagesNav = page.getByRole('navigation', { name: 'Pages' });
    this.pageButtons = this.pagesNav.locator('button.page-list__item');
    this.screenshot = page.getByTestId('screenshot');
    this.image = this.screenshot.locator('img.screenshot__image');
    this.pins = this.screenshot.getByRole('button', { name: /^Comment \d+ by / });
    this.panel = page.getByTestId('comments-panel');
    this.commentsHeading = this.panel.getByRole('heading', { name: /^Comments \(\d+\)$/ });
    this.cards = this.panel.getByRole('article');
    this.composer = page.getByRole('form', { name: 'New comment' });
    this.progress = page.locator('output.status-line');
    this.alerts = page.getByRole('alert');
    this.dialog = page.locator('dialog[open]');
    this.commentCount = page.getByTestId('count-comments');
  }

  async open(designId: string): Promise<void> {
    await this.page.goto(this.crit.routeUrl(`/designs/${designId}`));
    await this.title.waitFor();
  }

  /** The design id of the open workspace, from the address. */
  designId(): string {
    const match = /#\/designs\/([0-9a-f-]{36})/.exec(this.page.url());
    if (!match) throw new Error(`not a design address: ${this.page.url()}`);
    return match[1]!;
  }

  async addPages(files: FilePayload[]): Promise<void> {
    await this.addPagesInput.setInputFiles(files);
  }

  /** Drops files onto the workspace as a file manager would. */
  async dropFiles(files: FilePayload[]): Promise<void> {
    const payload = files.map((f) => ({ name: f.name, type: f.mimeType, data: [...f.buffer] }));
    const transfer = await this.page.evaluateHandle((items) => {
      const dt = new DataTransfer();
      for (const item of items)
        dt.items.add(new File([new Uint8Array(item.data)], item.name, { type: item.type }));
      return dt;
    }, payload);
    await this.dropTransfer(transfer);
  }

  /**
   * Drops one file of `size` zero bytes, made inside the page: handing a file of tens of
   * megabytes over from the test takes longer than a test may.
   */
  async dropBlankFile(name: string, size: number, type = 'image/png'): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      ({ name, size, type }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(size)], name, { type }));
        return dt;
      },
      { name, size, type },
    );
    await this.dropTransfer(transfer);
  }

  private async dropTransfer(transfer: JSHandle<DataTransfer>): Promise<void> {
    const target = this.page.getByTestId('canvas');
    await target.dispatchEvent('dragenter', { dataTransfer: transfer });
    await target.dispatchEvent('dragover', { dataTransfer: transfer });
    await target.dispatchEvent('drop', { dataTransfer: transfer });
  }

  pageButton(name: string): Locator {
    return this.pagesNav.locator('button.page-list__item', { hasText: name });
  }

  pageTool(label: string): Locator {
    return this.pagesNav.getByRole('button', { name: label, exact: true });
  }

  /** Fills and saves the profile dialog. */
  async saveProfile(name: string, role: 'Peer' | 'Expert' = 'Peer'): Promise<void> {
    await this.dialog.getByLabel('Name').fill(name);
    await this.dialog.getByLabel(role).check();
    await this.dialog.getByRole('button', { name: 'Save profile' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** Clicks the screenshot at x%, y% of the image. */
  async clickAt(x: number, y: number): Promise<void> {
    const box = await this.image.boundingBox();
    if (!box) throw new Error('no screenshot');
    await this.screenshot.click({
      position: { x: (box.width * x) / 100, y: (box.height * y) / 100 },
    });
  }

  /** In comment mode: drops a pin at x%, y% and saves a comment there. */
  async comment(x: number, y: number, text: string, tag?: string): Promise<void> {
    await this.clickAt(x, y);
    if (tag) await this.composer.getByLabel('Element').selectOption(tag);
    await this.composer.getByLabel('Comment').fill(text);
    await this.composer.getByLabel('Comment').press('Control+Enter');
    await this.composer.waitFor({ state: 'detached' });
  }

  card(number: number): Locator {
    return this.cards.nth(number - 1);
  }

  pin(number: number): Locator {
    return this.screenshot.getByRole('button', { name: new RegExp(`^Comment ${number} by `) });
  }

  /** The x%/y% a pin is drawn at. */
  pinPosition(pin: Locator): Promise<{ x: number; y: number }> {
    return pin.evaluate((el: HTMLElement) => ({
      x: parseFloat(el.style.left),
      y: parseFloat(el.style.top),
    }));
  }

  filterTag(tag: string): Promise<string[]> {
    return this.panel.getByLabel('Tag').selectOption(tag);
  }

  filterStatus(status: 'Open' | 'Resolved' | 'All'): Promise<void> {
    return this.panel.getByRole('button', { name: status, exact: true }).click();
  }
}
