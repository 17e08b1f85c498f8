import type { DesignSummary, Page as CritPage } from '../../../src/shared/domain.ts';
import { bridge, wireBytes } from '../support/bridge.ts';
import type { CritServer } from '../support/crit-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';
import { seedComment, seedProfile } from '../support/seed.ts';

// Issue 12, items 2–7: zoom, drafts, scroll per page, times, empty filters, edge pins.

/** A design of tall 1440-px pages, one per name, as a desktop capture would give. */
async function seedTallDesign(
  crit: CritServer,
  pageNames: string[],
): Promise<{ design: DesignSummary; pages: CritPage[] }> {
  await seedProfile(crit, 'Dana Designer');
  const design = await bridge<DesignSummary>(crit, 'designs:create', [{ name: 'Shop' }]);
  const pages: CritPage[] = [];
  for (const [i, name] of pageNames.entries()) {
    const png = await makePng(`${name}.png`, 1440, 3000, i * 90);
    pages.push(
      await bridge<CritPage>(crit, 'pages:add', [
        { designId: design.id, name, bytes: wireBytes(png.buffer) },
      ]),
    );
  }
  return { design, pages };
}

test('zoom: fit by default, steps, 100 % at the image’s own size, pins stay on their points', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded, pages } = await seedTallDesign(crit, ['home']);
  await seedComment(crit, pages[0]!.id, 'Price is hard to read.', { x: 37.5, y: 12.5 });
  await design.open(seeded.id);
  const level = page.getByTestId('zoom-level');
  const pin = design.pin(1);
  /** The pin's centre in percent of the image, as drawn. */
  const pinOnImage = async () => {
    const p = (await pin.boundingBox())!;
    const i = (await design.image.boundingBox())!;
    return {
      x: ((p.x + p.width / 2 - i.x) / i.width) * 100,
      y: ((p.y + p.height / 2 - i.y) / i.height) * 100,
    };
  };
  const expectPinOnPoint = async () => {
    const at = await pinOnImage();
    expect(at.x).toBeCloseTo(37.5, 0);
    expect(at.y).toBeCloseTo(12.5, 0);
  };

  // Fit to width: the 1440-px page is drawn 56rem (896 px) wide at 1600 px.
  await expect(page.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
  await expect(level).toHaveText('62 %');
  expect((await design.image.boundingBox())!.width).toBeCloseTo(896, 0);
  await expectPinOnPoint();

  await page.keyboard.press('Control+Equal');
  await expect(level).toHaveText('67 %');
  await expectPinOnPoint();
  await page.keyboard.press('Control+Minus');
  await page.keyboard.press('Control+Minus');
  await expect(level).toHaveText('50 %');
  expect((await design.image.boundingBox())!.width).toBeCloseTo(720, 0);
  await expectPinOnPoint();

  // 100 %: one image pixel per screen pixel, so small text is as legible as the page was.
  await page.getByRole('button', { name: '100 %' }).click();
  await expect(level).toHaveText('100 %');
  expect((await design.image.boundingBox())!.width).toBeCloseTo(1440, 0);
  await pin.scrollIntoViewIfNeeded();
  await expectPinOnPoint();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).toHaveText('200 %');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

  // Ctrl+wheel zooms around the pointer: the pin under it stays under it.
  await page.keyboard.press('Control+0');
  await expect(level).toHaveText('62 %');
  await pin.scrollIntoViewIfNeeded();
  const box = (await pin.boundingBox())!;
  const pointer = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(pointer.x, pointer.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect(level).not.toHaveText('62 %');
  await expectPinOnPoint();
  const after = (await pin.boundingBox())!;
  expect(after.x + after.width / 2).toBeCloseTo(pointer.x, -1);
  expect(after.y + after.height / 2).toBeCloseTo(pointer.y, -1);
  // A pin is still a pin's size: the image box is scaled, not each pin.
  expect(after.width).toBeCloseTo(box.width, 0);
});

test('a draft with text is kept when clicking elsewhere, and Esc asks before discarding it', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded, pages } = await seedTallDesign(crit, ['home', 'cart']);
  await design.open(seeded.id);
  await design.commentModeButton.click();
  await design.clickAt(20, 5);
  const text = design.composer.getByLabel('Comment');
  await text.fill('The logo needs more room.');
  const where = await design.composer.boundingBox();

  // Another click on the screenshot: the same draft, same place, its text intact.
  await design.clickAt(70, 10);
  await expect(design.composer).toHaveCount(1);
  await expect(text).toHaveValue('The logo needs more room.');
  await expect(text).toBeFocused();
  await expect(design.composer).toContainText('Save or discard this comment');
  const now = (await design.composer.boundingBox())!;
  expect([now.x, now.y]).toEqual([where!.x, where!.y]);

  // Leaving comment mode or the page keeps it too.
  await design.commentModeButton.click();
  await expect(text).toHaveValue('The logo needs more room.');
  await design.pageButton('cart').click();
  await expect(design.composer).toHaveCount(0);
  await design.pageButton('home').click();
  await expect(text).toHaveValue('The logo needs more room.');
  await design.commentModeButton.click();

  // Esc asks; Cancel keeps the draft; Discard ends it.
  await text.press('Escape');
  await expect(design.dialog).toContainText('Discard this comment?');
  await design.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(text).toHaveValue('The logo needs more room.');
  await text.press('Escape');
  await design.dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(design.composer).toHaveCount(0);

  // An empty draft just moves, and Esc closes it without asking.
  await design.clickAt(20, 5);
  const first = await design.composer.boundingBox();
  await design.clickAt(60, 8);
  await expect(design.composer).toHaveCount(1);
  expect((await design.composer.boundingBox())!.x).toBeGreaterThan(first!.x);
  await text.press('Escape');
  await expect(design.composer).toHaveCount(0);
  await expect(design.dialog).toHaveCount(0);
  expect(pages).toHaveLength(2);
  await expect(page.getByRole('button', { name: 'Done commenting' })).toBeVisible();
});

test('each page opens at its top, or where it was last left', async ({ crit, design, page }) => {
  const { design: seeded } = await seedTallDesign(crit, ['home', 'cart']);
  await design.open(seeded.id);
  const viewport = page.getByTestId('screenshot-viewport');
  await expect(design.image).toHaveJSProperty('complete', true);
  const scrollTop = () => viewport.evaluate((el) => el.scrollTop);

  await viewport.evaluate((el) => el.scrollTo({ top: 900, behavior: 'instant' }));
  await expect.poll(scrollTop).toBe(900);
  await design.pageButton('cart').click();
  await expect(design.image).toHaveAttribute('alt', 'Screenshot of page cart');
  await expect.poll(scrollTop).toBe(0);
  await viewport.evaluate((el) => el.scrollTo({ top: 400, behavior: 'instant' }));
  await expect.poll(scrollTop).toBe(400);

  await design.pageButton('home').click();
  await expect.poll(scrollTop).toBe(900);
  await design.pageButton('cart').click();
  await expect.poll(scrollTop).toBe(400);
});

test('pins on the image’s very edges show whole and can be clicked', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded, pages } = await seedTallDesign(crit, ['home']);
  const corners = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 0, y: 100 },
    { x: 100, y: 100 },
  ];
  for (const [i, at] of corners.entries())
    await seedComment(crit, pages[0]!.id, `Corner ${i + 1}`, at);
  await design.open(seeded.id);
  const viewport = page.getByTestId('screenshot-viewport');
  for (const [i, at] of corners.entries()) {
    const card = design.cards.filter({ hasText: `Corner ${i + 1}` });
    const id = await card.getAttribute('data-comment-id');
    const pin = design.screenshot.locator(`.pin[data-comment-id="${id}"]`);
    await pin.scrollIntoViewIfNeeded();
    // Centred on its point.
    const p = (await pin.boundingBox())!;
    const img = (await design.image.boundingBox())!;
    expect(p.x + p.width / 2).toBeCloseTo(img.x + (img.width * at.x) / 100, 0);
    expect(p.y + p.height / 2).toBeCloseTo(img.y + (img.height * at.y) / 100, 0);
    // Whole: inside the visible canvas, and its outermost pixels are the pin's own.
    const view = (await viewport.boundingBox())!;
    expect(p.x).toBeGreaterThanOrEqual(view.x);
    expect(p.x + p.width).toBeLessThanOrEqual(view.x + view.width);
    const outer = {
      x: at.x === 0 ? p.x + 3 : p.x + p.width - 3,
      y: at.y === 0 ? p.y + p.height / 2 : p.y + p.height / 2,
    };
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('data-comment-id') ?? '',
      outer,
    );
    expect(hit).toBe(id);
    await page.mouse.click(outer.x, outer.y);
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveClass(/comment-card--selected/);
  }
});

test('a filter that hides every comment says so and clears', async ({ crit, design }) => {
  const { design: seeded, pages } = await seedTallDesign(crit, ['home', 'cart']);
  await seedComment(crit, pages[0]!.id, 'Button too small.', { x: 40, y: 40, tag: 'button' });
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(1);
  await design.filterTag('nav');
  await expect(design.cards).toHaveCount(0);
  await expect(design.panel).toContainText('No comments match: tag nav.');
  await expect(design.panel).not.toContainText('No comments on this page yet');
  await design.filterStatus('Resolved');
  await expect(design.panel).toContainText('No comments match: tag nav, status resolved.');
  await design.panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(design.cards).toHaveCount(1);
  await expect(design.panel.getByLabel('Tag')).toHaveValue('');
  // A page without comments says just that, filters or not.
  await design.pageButton('cart').click();
  await design.filterTag('nav');
  await expect(design.panel).toContainText('No comments on this page yet.');
});

test('a comment just written reads "a few seconds ago" even when this clock is behind', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedTallDesign(crit, ['home']);
  // The page's clock runs five minutes behind the server's, which stamps the comment.
  await page.clock.setFixedTime(new Date(Date.now() - 5 * 60_000));
  await design.open(seeded.id);
  await design.commentModeButton.click();
  await design.comment(30, 5, 'Hero image is blurry.');
  await expect(design.card(1).locator('time')).toHaveText('a few seconds ago');
});
