import type { DesignSummary } from '../../../src/shared/domain.ts';
import { bridge } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import { seedComment, seedDesign, seedProfile } from '../support/seed.ts';

// Issue 12.9 and 12.10: designs can be renamed, described, duplicated and deleted; likes
// are real; a comment's tag can change after posting, and edits say so.

test('from the landing screen: rename, describe, duplicate and delete with confirmation', async ({
  crit,
  landing,
  page,
}) => {
  await seedProfile(crit);
  const { design, pages } = await seedDesign(crit, 'Checkout', ['cart', 'pay']);
  await bridge(crit, 'designs:describe', [design.id, 'From cart to confirmation']);
  await seedComment(crit, pages[0]!.id, 'Too many steps');
  await landing.open();
  const card = landing.designCard('Checkout');
  await expect(card).toContainText('From cart to confirmation');

  const menu = (name: string) => page.getByRole('button', { name: `Actions for ${name}` });
  const dialog = page.locator('dialog[open]');
  await menu('Checkout').click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Checkout v2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(landing.designCard('Checkout v2')).toBeVisible();

  await menu('Checkout v2').click();
  await page.getByRole('menuitem', { name: 'Edit description…' }).click();
  await expect(dialog.getByLabel('Description')).toBeFocused();
  await dialog.getByLabel('Description').fill('Two steps instead of four');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(landing.designCard('Checkout v2')).toContainText('Two steps instead of four');

  // The menu works from the keyboard too.
  // The list of designs refreshes after a save and may replace the card's button under the
  // focus: each attempt starts from a closed menu and a freshly focused button.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await menu('Checkout v2').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Rename…' })).toBeFocused({ timeout: 1000 });
  }).toPass();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await page.keyboard.press('Enter');
  const copy = landing.designCard('Checkout v2 (copy)');
  await expect(copy).toContainText('2 pages · 0 comments');
  await expect(copy).toContainText('Two steps instead of four');

  await menu('Checkout v2 (copy)').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await expect(dialog).toContainText('Delete design?');
  await expect(dialog).toContainText('“Checkout v2 (copy)”, its pages and all their comments');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(copy).toBeVisible();
  await menu('Checkout v2 (copy)').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete design' }).click();
  await expect(copy).toHaveCount(0);

  await page.reload();
  await expect(landing.designCard('Checkout v2')).toContainText('2 pages · 1 comment');
  await expect(landing.designCard('Checkout v2 (copy)')).toHaveCount(0);
});

test('in the workspace: the description is shown and edited; duplicate opens the copy; delete goes home', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: seeded } = await seedDesign(crit, 'Blog', ['post']);
  await design.open(seeded.id);
  const about = page.getByRole('region', { name: 'About' });
  await expect(about).toContainText('No description yet.');
  await about.getByRole('button', { name: 'Add a description' }).click();
  await design.dialog.getByLabel('Description').fill('Long reads, calm layout');
  await design.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(about).toContainText('Long reads, calm layout');

  await page.getByRole('button', { name: 'Design actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  await design.dialog.getByLabel('Name').fill('Blog 2');
  await design.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(design.title).toHaveText('Blog 2');

  await page.getByRole('button', { name: 'Design actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(design.title).toHaveText('Blog 2 (copy)');
  await expect(about).toContainText('Long reads, calm layout');
  await expect(design.pageButtons).toHaveCount(1);
  const copyId = design.designId();
  expect(copyId).not.toBe(seeded.id);

  await page.getByRole('button', { name: 'Design actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await design.dialog.getByRole('button', { name: 'Delete design' }).click();
  await expect(page.getByRole('heading', { name: 'Your designs', exact: true })).toBeVisible();
  const left = await bridge<DesignSummary[]>(crit, 'designs:list', []);
  expect(left.map((d) => d.name)).toEqual(['Blog 2']);
});

test('likes on a design are one per person, toggled and saved', async ({ crit, design, page }) => {
  await seedProfile(crit);
  const { design: seeded } = await seedDesign(crit, 'Blog', ['post']);
  await design.open(seeded.id);
  const like = page.getByRole('button', { name: /^Like/ });
  const count = page.getByTestId('count-likes');
  await expect(count).toHaveText('0');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(count).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(count).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.click();
  await expect(count).toHaveText('0');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
});

test('a comment’s tag changes after posting, and an edited comment says so', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: seeded, pages } = await seedDesign(crit, 'Blog', ['post']);
  await seedComment(crit, pages[0]!.id, 'Menu is hidden', { x: 10, y: 5, tag: 'header' });
  await design.open(seeded.id);
  const card = design.cards.first();
  await expect(card).toContainText('1 · header');
  await expect(card.getByText('edited')).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  await card.getByLabel('Element').selectOption('nav');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('1 · nav');
  const mark = card.locator('time.comment-card__edited');
  await expect(mark).toHaveText(/^edited/);
  await expect(mark).toHaveAttribute('title', /^Edited /);

  await page.reload();
  await expect(design.cards.first()).toContainText('1 · nav');
  await expect(design.cards.first().locator('time.comment-card__edited')).toBeVisible();
});
