import type { DesignView } from '../../../src/shared/contract.ts';
import type { DesignSummary } from '../../../src/shared/domain.ts';
import { bridge, callBridge } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';
import { backdateDesign, seedComment, seedDesign, seedProfile } from '../support/seed.ts';

// SPEC B1 and B2: designs on the landing screen, and the pages of a design.

const naturalWidth = (img: HTMLImageElement) => img.naturalWidth;

test('PNGs dropped onto the window become pages in order, with thumbnails', async ({
  crit,
  design,
}) => {
  const { design: seeded } = await seedDesign(crit, 'Dropped');
  await design.open(seeded.id);
  await expect(
    design.page.getByRole('heading', { name: 'Add the pages of your design' }),
  ).toBeVisible();

  await design.dropFiles(
    await Promise.all([
      makePng('1 welcome.png', 600, 900, 0),
      makePng('2 sign up.png', 600, 1400, 100),
      makePng('3 dashboard.png', 900, 600, 200),
    ]),
  );
  await expect(design.pageButtons).toHaveText(['1 welcome', '2 sign up', '3 dashboard']);
  await expect(design.progress).toBeHidden();
  await expect(design.alerts).toHaveCount(0);
  await expect(design.pageButton('1 welcome')).toHaveAttribute('aria-current', 'page');

  // Each page has its own thumbnail, and each one loads.
  const thumbs = design.pagesNav.locator('img.page-list__thumb');
  await expect(thumbs).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect.poll(() => thumbs.nth(i).evaluate(naturalWidth)).toBe(480);
  }
  const sources = await thumbs.evaluateAll((els) => els.map((e) => e.getAttribute('src')));
  expect(new Set(sources).size).toBe(3);
  await expect.poll(() => design.image.evaluate(naturalWidth)).toBe(600);

  const view = await bridge<DesignView>(crit, 'designs:open', [seeded.id]);
  expect(view.pages.map((p) => [p.name, p.width, p.height])).toEqual([
    ['1 welcome', 600, 900],
    ['2 sign up', 600, 1400],
    ['3 dashboard', 900, 600],
  ]);
});

test('deleting a page asks first, then removes it with its comments and selects a neighbour', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: seeded, pages } = await seedDesign(crit, 'Checkout', ['cart', 'address', 'pay']);
  const [cart, address, pay] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
  await seedComment(crit, cart.id, 'Cart totals.');
  await seedComment(crit, address.id, 'Postcode first.');
  await seedComment(crit, address.id, 'Country list is long.');
  await seedComment(crit, pay.id, 'Card logos.');
  await design.open(seeded.id);
  await expect(design.commentCount).toHaveText('4');
  await design.pageButton('address').click();
  await expect(design.commentsHeading).toHaveText('Comments (2)');

  await design.pageTool('Delete address').click();
  await expect(design.dialog).toContainText('Delete page?');
  await expect(design.dialog).toContainText('“address” and all its comments will be deleted.');
  await design.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(design.pageButtons).toHaveText(['cart', 'address', 'pay']);
  await expect(design.pageButton('address')).toHaveAttribute('aria-current', 'page');
  await expect(design.commentCount).toHaveText('4');

  await design.pageTool('Delete address').click();
  await design.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(design.pageButtons).toHaveText(['cart', 'pay']);
  // The page that took its place is selected.
  await expect(design.pageButton('pay')).toHaveAttribute('aria-current', 'page');
  await expect(design.card(1)).toContainText('Card logos.');
  await expect(design.commentCount).toHaveText('2');

  // The last page: the one before it is selected.
  await design.pageTool('Delete pay').click();
  await design.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(design.pageButtons).toHaveText(['cart']);
  await expect(design.pageButton('cart')).toHaveAttribute('aria-current', 'page');
  await expect(design.card(1)).toContainText('Cart totals.');
  await expect(design.commentCount).toHaveText('1');

  const view = await bridge<DesignView>(crit, 'designs:open', [seeded.id]);
  expect(view.pages.map((p) => p.name)).toEqual(['cart']);
  expect(view.commentCount).toBe(1);
  const gone = await callBridge(crit, 'comments:list', [address.id]);
  expect(gone.body).toMatchObject({ ok: false, error: { code: 'not-found' } });

  await page.reload();
  await expect(design.pageButtons).toHaveText(['cart']);
  await expect(design.commentCount).toHaveText('1');
});

test('Move up and Move down reorder pages, the ends are disabled, and the order is kept', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedDesign(crit, 'Order', ['a', 'b', 'c']);
  await design.open(seeded.id);
  await expect(design.pageButtons).toHaveText(['a', 'b', 'c']);

  const expectEnds = async (first: string, middle: string, last: string) => {
    await expect(design.pageTool(`Move ${first} up`)).toBeDisabled();
    await expect(design.pageTool(`Move ${first} down`)).toBeEnabled();
    await expect(design.pageTool(`Move ${middle} up`)).toBeEnabled();
    await expect(design.pageTool(`Move ${middle} down`)).toBeEnabled();
    await expect(design.pageTool(`Move ${last} up`)).toBeEnabled();
    await expect(design.pageTool(`Move ${last} down`)).toBeDisabled();
  };
  await expectEnds('a', 'b', 'c');

  await design.pageTool('Move a down').click();
  await expect(design.pageButtons).toHaveText(['b', 'a', 'c']);
  await expectEnds('b', 'a', 'c');
  await design.pageTool('Move a down').click();
  await expect(design.pageButtons).toHaveText(['b', 'c', 'a']);
  await design.pageTool('Move c up').click();
  await expect(design.pageButtons).toHaveText(['c', 'b', 'a']);
  await expectEnds('c', 'b', 'a');

  await page.reload();
  await expect(design.pageButtons).toHaveText(['c', 'b', 'a']);
  await expectEnds('c', 'b', 'a');
  const view = await bridge<DesignView>(crit, 'designs:open', [seeded.id]);
  expect(view.pages.map((p) => p.name)).toEqual(['c', 'b', 'a']);
});

test('the landing screen lists designs with cover, name, counts and last activity', async ({
  crit,
  landing,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: older, pages } = await seedDesign(crit, 'Marketing site', ['home', 'pricing']);
  await seedComment(crit, pages[0]!.id, 'One.');
  await seedComment(crit, pages[0]!.id, 'Two.');
  await seedComment(crit, pages[1]!.id, 'Three.');
  backdateDesign(crit, older.id, new Date(Date.now() - 3 * 24 * 3600 * 1000));
  const { design: single, pages: singlePages } = await seedDesign(crit, 'Mobile app', ['login']);
  await seedComment(crit, singlePages[0]!.id, 'Only one.');
  await seedDesign(crit, 'Empty idea');

  await landing.open();
  const region = page.getByRole('region', { name: 'Your designs' });
  // Most recent activity first.
  await expect(region.getByRole('listitem').locator('.card__name')).toHaveText([
    'Empty idea',
    'Mobile app',
    'Marketing site',
  ]);

  const marketing = landing.designCard('Marketing site');
  await expect(marketing).toContainText('2 pages · 3 comments · updated 3 days ago');
  const cover = marketing.locator('img.card__preview');
  await expect(cover).toHaveAttribute('src', crit.mediaUrl(pages[0]!.thumb!));
  await expect.poll(() => cover.evaluate(naturalWidth)).toBe(480);

  await expect(landing.designCard('Mobile app')).toContainText(
    '1 page · 1 comment · updated a few seconds ago',
  );
  const empty = landing.designCard('Empty idea');
  await expect(empty).toContainText('No pages yet');
  await expect(empty).toContainText('0 pages · 0 comments');
  await expect(empty.locator('img')).toHaveCount(0);

  await landing.page.getByRole('link', { name: 'Mobile app', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/designs/${single.id}$`));
  await expect(design.title).toHaveText('Mobile app');
  await expect(design.pageButtons).toHaveText(['login']);
});

test('"New design" needs a name and takes at most 120 characters', async ({
  crit,
  landing,
  design,
  page,
}) => {
  await landing.open();
  await page.getByRole('button', { name: 'New design' }).click();
  const dialog = design.dialog;
  const name = dialog.getByLabel('Name');
  const create = dialog.getByRole('button', { name: 'Create design' });
  await expect(name).toBeFocused();
  await expect(create).toBeDisabled();
  await name.fill('    ');
  await expect(create).toBeDisabled();
  await name.press('Enter');
  await expect(dialog).toBeVisible();

  // Cancel creates nothing.
  await name.fill('Not this one');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await bridge<DesignSummary[]>(crit, 'designs:list', [])).toEqual([]);

  await page.getByRole('button', { name: 'New design' }).click();
  const long = 'N'.repeat(119) + 'XY';
  await name.fill(long);
  await expect(name).toHaveValue(long.slice(0, 120));
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(/#\/designs\/[0-9a-f-]{36}$/);
  await expect(design.title).toHaveText(long.slice(0, 120));
  const [created] = await bridge<DesignSummary[]>(crit, 'designs:list', []);
  expect(created!.name).toBe('N'.repeat(119) + 'X');
});
