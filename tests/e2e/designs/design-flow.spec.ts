import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';

test.describe.configure({ timeout: 120_000 });

test('a design from import to feedback survives a server restart', async ({
  landing,
  design,
  page,
  crit,
}) => {
  // Create a design.
  await landing.open();
  await landing.createDesign('Checkout flow', 'Spring release');
  await expect(page).toHaveURL(/#\/designs\/[0-9a-f-]{36}$/);
  await expect(design.title).toHaveText('Checkout flow');
  const designId = design.designId();

  // Import three generated PNGs at once; progress shows while they are processed.
  await page.route('**/api/pages:add', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const files = await Promise.all([
    makePng('cart.png', 1200, 1800, 10),
    makePng('shipping.png', 1200, 2400, 120),
    makePng('payment.png', 1200, 1500, 250),
  ]);
  await design.addPages(files);
  await expect(design.progress).toHaveText(/Adding pages: 1 of 3/);
  await expect(design.pageButtons).toHaveText(['cart', 'shipping', 'payment']);
  await expect(design.progress).toBeHidden();
  await page.unroute('**/api/pages:add');
  await expect(design.pageButton('cart')).toHaveAttribute('aria-current', 'page');
  await expect(design.pagesNav.locator('img.page-list__thumb')).toHaveCount(3);

  // First comment asks who the user is, then drops a pin and opens the composer.
  await page.keyboard.press('c');
  await expect(design.dialog).toBeVisible();
  await design.saveProfile('Dana Designer', 'Expert');
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'true');
  await design.comment(30, 40, 'The cart total is hard to find.', 'list');
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.pin(1)).toHaveAccessibleName('Comment 1 by Dana Designer');
  await expect(design.card(1)).toContainText('1 · list');
  await expect(design.card(1)).toContainText('The cart total is hard to find.');
  await expect(design.commentCount).toHaveText('1');

  await design.pageButton('shipping').click();
  await expect(design.pageButton('shipping')).toHaveAttribute('aria-current', 'page');
  await design.comment(60, 20, 'Make the address form one column.', 'form');
  await design.comment(80, 70, 'Primary button should say what it does.', 'button');
  await expect(design.commentsHeading).toHaveText('Comments (2)');
  await expect(design.commentCount).toHaveText('3');

  // Reply and resolve.
  const formCard = design.cards.filter({ hasText: 'one column' });
  await formCard.getByRole('button', { name: 'Reply' }).click();
  await formCard.getByRole('textbox', { name: /^Reply to comment/ }).fill('Agreed, doing it.');
  await formCard.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(formCard.getByRole('list', { name: /^Replies to comment/ })).toContainText(
    'Agreed, doing it.',
  );
  await formCard.getByRole('button', { name: 'Resolve' }).click();
  await expect(formCard).toContainText('Resolved');
  await expect(formCard.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // Filters: status and tag, with the counts following them.
  await design.filterStatus('Open');
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.pins).toHaveCount(1);
  await design.filterStatus('Resolved');
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.cards.first()).toContainText('one column');
  await design.filterStatus('All');
  await design.filterTag('button');
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.cards.first()).toContainText('say what it does');
  await design.filterTag('');
  await expect(design.commentsHeading).toHaveText('Comments (2)');

  // Move a pin by dragging it.
  await design.commentModeButton.click();
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'false');
  const target = design.pin(2);
  const movedId = await target.getAttribute('data-comment-id');
  const movedPin = design.screenshot.locator(`[data-comment-id="${movedId}"]`);
  const before = await design.pinPosition(movedPin);
  await movedPin.scrollIntoViewIfNeeded();
  const pinBox = (await movedPin.boundingBox())!;
  const imageBox = (await design.image.boundingBox())!;
  const from = { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height / 2 };
  const to = { x: from.x - 300, y: from.y + 60 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  const expected = {
    x: ((to.x - imageBox.x) / imageBox.width) * 100,
    y: ((to.y - imageBox.y) / imageBox.height) * 100,
  };
  await expect.poll(() => design.pinPosition(movedPin)).not.toEqual(before);
  const moved = await design.pinPosition(movedPin);
  expect(moved.x).toBeCloseTo(expected.x, 0);
  expect(moved.y).toBeCloseTo(expected.y, 0);

  // Rename and reorder pages.
  await design.pageTool('Rename payment').click();
  await design.pagesNav.getByLabel('Page name').fill('pay now');
  await design.pagesNav.getByLabel('Page name').press('Enter');
  await expect(design.pageButtons).toHaveText(['cart', 'shipping', 'pay now']);
  await design.pageTool('Move pay now up').click();
  await expect(design.pageButtons).toHaveText(['cart', 'pay now', 'shipping']);

  // Replace an image: a newer version, same comments.
  await design.pageButton('cart').click();
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  const oldSrc = await design.image.getAttribute('src');
  await design.pagesNav
    .getByLabel('New image for cart')
    .setInputFiles(await makePng('cart-v2.png', 1200, 2000, 40));
  await expect(design.image).not.toHaveAttribute('src', oldSrc!);
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.card(1)).toContainText('The cart total is hard to find.');

  // Restart the server on the same data folder: everything is as it was.
  await crit.restart();
  await landing.open();
  const card = landing.designCard('Checkout flow');
  await expect(card).toContainText('3 pages · 3 comments');
  await expect(card.locator('img.card__preview')).toBeVisible();
  await card.click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(new RegExp(`#/designs/${designId}$`));
  await expect(design.pageButtons).toHaveText(['cart', 'pay now', 'shipping']);
  await expect(design.commentCount).toHaveText('3');
  await expect(design.image).not.toHaveAttribute('src', oldSrc!);
  await expect(design.card(1)).toContainText('The cart total is hard to find.');
  await design.pageButton('shipping').click();
  await expect(design.commentsHeading).toHaveText('Comments (2)');
  const resolved = design.cards.filter({ hasText: 'one column' });
  await expect(resolved).toContainText('Resolved');
  await expect(resolved).toContainText('Agreed, doing it.');
  expect(
    await design.pinPosition(design.screenshot.locator(`[data-comment-id="${movedId}"]`)),
  ).toEqual(moved);
});
