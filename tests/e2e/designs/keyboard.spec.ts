import type { Comment } from '../../../src/shared/domain.ts';
import { bridge } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  seedComment,
  seedDesign,
  seedOtherReviewersComment,
  seedProfile,
} from '../support/seed.ts';

// Issue 12.8: the review with the keyboard alone.

test('comment, reply, resolve and move a pin with the keyboard alone', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Shop', ['home']);
  await design.open(seeded.id);
  await design.image.waitFor();

  // The skip link is the first thing Tab reaches; it goes to the screenshot.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the screenshot' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('canvas')).toBeFocused();
  expect(page.url()).toMatch(/#\/designs\//);

  // C turns comment mode on; Tab reaches the screenshot, Enter drops a pin.
  await page.keyboard.press('c');
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(design.screenshot).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(design.composer.getByLabel('Comment')).toBeFocused();
  await page.keyboard.type('The hero image needs a caption.');
  await page.keyboard.press('Control+Enter');
  await expect(design.composer).toHaveCount(0);

  // After saving, focus is on the new card.
  const card = design.cards.filter({ hasText: 'The hero image needs a caption.' });
  await expect(card).toBeFocused();

  // Reply: Tab to the card's Reply button.
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Resolve' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Reply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Agreed, alt text too.');
  await page.keyboard.press('Control+Enter');
  await expect(card.getByRole('list', { name: /^Replies/ })).toContainText('Agreed, alt text too.');

  // J goes to the comment (its card focused, its pin selected); then it is resolved.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(card).toBeFocused();
  await expect(design.pin(1)).toHaveAttribute('aria-pressed', 'true');
  // Past the reply's own Edit and Delete to Resolve.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Resolve' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // Move: from the top of the page, skip to the screenshot, Tab to the pin, arrows.
  await page.reload();
  await design.pins.first().waitFor();
  const before = await design.pinPosition(design.pin(1));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(design.pin(1)).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(design.pin(1)).toBeFocused();
  // 3 × 4 px of an 800 px image right, 40 px of 1200 px down; saved once the keys pause.
  await expect
    .poll(async () => {
      const [saved] = await bridge<Comment[]>(crit, 'comments:list', [pages[0]!.id]);
      return [saved!.position.x - before.x, saved!.position.y - before.y].map((d) =>
        Math.round(d * 100),
      );
    })
    .toEqual([150, 333]);
  const [saved] = await bridge<Comment[]>(crit, 'comments:list', [pages[0]!.id]);
  expect(saved).toMatchObject({
    status: 'resolved',
    replies: [{ contents: 'Agreed, alt text too.' }],
  });
});

test('arrow keys leave other people’s pins where they are; ? lists every shortcut', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Shop', ['home']);
  await seedComment(crit, pages[0]!.id, 'Mine', { x: 40, y: 40 });
  seedOtherReviewersComment(
    crit,
    { name: 'Jun Park' },
    { pageId: pages[0]!.id, contents: 'Theirs', x: 60, y: 60 },
  );
  await design.open(seeded.id);
  await expect(design.pins).toHaveCount(2);

  const theirs = design.screenshot.getByRole('button', { name: /by Jun Park$/ });
  await theirs.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(() => design.pinPosition(theirs)).toEqual({ x: 60, y: 60 });
  const listed = await bridge<Comment[]>(crit, 'comments:list', [pages[0]!.id]);
  expect(listed.find((c) => c.contents === 'Theirs')?.position).toMatchObject({ x: 60, y: 60 });

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const what of [
    'Turn comment mode on or off',
    'Next comment (selects its pin and card)',
    'Previous comment',
    'On a pin of your own: move it',
    'Move it in larger steps',
    'Save the comment or reply',
  ])
    await expect(dialog.getByText(what, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The same dialog from the toolbar.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // K from the first comment stays there; J goes on to the next.
  await design.cards.first().focus();
  await page.keyboard.press('k');
  await expect(design.cards.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(design.cards.nth(1)).toBeFocused();
});
