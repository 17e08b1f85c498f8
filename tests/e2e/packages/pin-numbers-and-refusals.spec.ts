import { expect, test } from '../support/fixtures.ts';
import { closePackageNotices, openPackageByChooser, packageNotices } from '../support/packages.ts';
import { seedComment, seedDesign, seedProfile } from '../support/seed.ts';

// Issue 9.6: in a design of your own a pin's number is its comment's for good.

test('pin numbers in a design survive filters and deletes, and are never reused', async ({
  crit,
  design,
}) => {
  await seedProfile(crit, 'Ada Moreno');
  const { design: made, pages } = await seedDesign(crit, 'Blog', ['post']);
  const pageId = pages[0]!.id;
  await seedComment(crit, pageId, 'Alpha', { x: 10, y: 10, tag: 'header' });
  await seedComment(crit, pageId, 'Bravo', { x: 30, y: 30, tag: 'nav' });
  await seedComment(crit, pageId, 'Charlie', { x: 50, y: 50, tag: 'header' });
  await design.open(made.id);
  const badge = (text: string) => design.cards.filter({ hasText: text }).locator('.badge');
  await expect(badge('Alpha')).toHaveText('1 · header');
  await expect(badge('Charlie')).toHaveText('3 · header');

  // A tag filter shows comments 1 and 3, numbered as before.
  await design.filterTag('header');
  await expect(design.cards).toHaveCount(2);
  await expect(badge('Charlie')).toHaveText('3 · header');
  await expect(design.pin(3)).toBeVisible();
  await design.filterTag('');

  // Deleting comment 2 renumbers nothing; the next comment is 4, not 2.
  await design.cards
    .filter({ hasText: 'Bravo' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await design.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(design.cards).toHaveCount(2);
  await expect(badge('Charlie')).toHaveText('3 · header');
  await design.commentModeButton.click();
  await design.comment(70, 70, 'Delta', 'main');
  await expect(badge('Delta')).toHaveText('4 · main');
  await expect(design.pin(4)).toHaveAccessibleName('Comment 4 by Ada Moreno');
  await expect(design.pin(2)).toHaveCount(0);
});

test('a file that is not a review package is refused with the reason, and nothing is added', async ({
  landing,
  page,
}) => {
  await landing.open();
  await openPackageByChooser(page, {
    name: 'notes.critpkg',
    payload: { name: 'notes.critpkg', mimeType: 'text/plain', buffer: Buffer.from('not a zip') },
  });
  await expect(page.locator('dialog[open]')).toContainText(
    'The review package could not be opened',
  );
  await expect(packageNotices(page)).toContainText('notes.critpkg could not be opened.');
  await closePackageNotices(page);
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByText('No designs yet.')).toBeVisible();
});
