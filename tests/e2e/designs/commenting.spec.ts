import type { Comment } from '../../../src/shared/domain.ts';
import { bridge, callFromPage } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  seedComment,
  seedDesign,
  seedOtherReviewersComment,
  seedProfile,
  seedReply,
} from '../support/seed.ts';

// SPEC B3: commenting in a design.

test('you edit and delete your own comment; deleting asks first', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Blog', ['post']);
  const pageId = pages[0]!.id;
  await seedComment(crit, pageId, 'Headline is too small.', { x: 20, y: 10, tag: 'header' });
  await seedComment(crit, pageId, 'Sidebar feels crowded.', { x: 80, y: 40, tag: 'nav' });
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(2);
  await expect(design.commentCount).toHaveText('2');

  const headline = design.cards.filter({ hasText: 'Headline is too small.' });
  const sidebar = design.cards.filter({ hasText: 'Sidebar feels crowded.' });
  for (const card of [headline, sidebar]) {
    await expect(card.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  }

  // Edit: the form starts from the text; blank text cannot be saved; Cancel keeps it.
  await headline.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = headline.getByRole('textbox', { name: /^Edit comment \d$/ });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('Headline is too small.');
  await editor.fill('   \n ');
  await expect(headline.getByRole('button', { name: 'Save' })).toBeDisabled();
  await headline.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  await expect(headline).toContainText('Headline is too small.');

  await headline.getByRole('button', { name: 'Edit', exact: true }).click();
  await editor.fill('  Headline should be 40 px.  ');
  await headline.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const edited = design.cards.filter({ hasText: 'Headline should be 40 px.' });
  await expect(edited.locator('.comment-card__contents')).toHaveText('Headline should be 40 px.');
  await expect(design.cards.filter({ hasText: 'Headline is too small.' })).toHaveCount(0);

  // Delete: Cancel keeps the comment, Delete removes it and the counts follow.
  await sidebar.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(design.dialog).toContainText('Delete comment?');
  await expect(design.dialog).toContainText('This comment and its replies will be deleted.');
  await design.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(sidebar).toBeVisible();
  await expect(design.commentCount).toHaveText('2');

  await sidebar.getByRole('button', { name: 'Delete', exact: true }).click();
  await design.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(sidebar).toHaveCount(0);
  await expect(design.cards).toHaveCount(1);
  await expect(design.pins).toHaveCount(1);
  await expect(design.commentsHeading).toHaveText('Comments (1)');
  await expect(design.commentCount).toHaveText('1');

  // Both changes were saved.
  const stored = await bridge<Comment[]>(crit, 'comments:list', [pageId]);
  expect(stored.map((c) => c.contents)).toEqual(['Headline should be 40 px.']);
  await page.reload();
  await expect(design.cards).toHaveCount(1);
  await expect(design.card(1)).toContainText('Headline should be 40 px.');
  await expect(design.commentCount).toHaveText('1');
});

test('you edit and delete your own reply', async ({ crit, design, page }) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Docs', ['index']);
  const comment = await seedComment(crit, pages[0]!.id, 'Search box is hidden.');
  await seedReply(crit, comment.id, 'Moving it to the header.');
  await seedReply(crit, comment.id, 'Done in the next build.');
  await design.open(seeded.id);

  const card = design.card(1);
  const replies = card.getByRole('list', { name: 'Replies to comment 1' });
  await expect(replies.getByRole('listitem')).toHaveCount(2);
  // By place, not text: while it is edited, its text is in a text box.
  const first = replies.getByRole('listitem').first();
  await expect(first).toContainText('Moving it to the header.');
  await expect(first).toContainText('Dana Designer');

  await first.getByRole('button', { name: 'Edit reply' }).click();
  const editor = first.getByRole('textbox', { name: 'Edit reply' });
  await expect(editor).toHaveValue('Moving it to the header.');
  await editor.fill('Moving it to the top bar. ');
  await editor.press('Control+Enter');
  await expect(editor).toBeHidden();
  await expect(replies.locator('.reply__contents')).toHaveText([
    'Moving it to the top bar.',
    'Done in the next build.',
  ]);

  await replies
    .getByRole('listitem')
    .filter({ hasText: 'Done in the next build.' })
    .getByRole('button', { name: 'Delete reply' })
    .click();
  await expect(replies.locator('.reply__contents')).toHaveText(['Moving it to the top bar.']);
  await expect(card).toContainText('Search box is hidden.');

  await page.reload();
  await expect(design.card(1).locator('.reply__contents')).toHaveText([
    'Moving it to the top bar.',
  ]);
});

test('another reviewer’s comment and reply offer no edit or delete, and the bridge refuses them', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Shop', ['cart']);
  const mine = await seedComment(crit, pages[0]!.id, 'My own note.', { x: 10, y: 10 });
  const theirs = seedOtherReviewersComment(
    crit,
    { name: 'Rui Reviewer', role: 'expert' },
    { pageId: pages[0]!.id, contents: 'Their note.', x: 60, y: 60, tag: 'button' },
    { commentId: mine.id, contents: 'Their reply to you.' },
  );
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(2);

  const theirCard = design.cards.filter({ hasText: 'Their note.' });
  await expect(theirCard).toContainText('Rui Reviewer');
  await expect(theirCard.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(theirCard.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(theirCard.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  const theirReply = design.cards
    .filter({ hasText: 'My own note.' })
    .getByRole('listitem')
    .filter({ hasText: 'Their reply to you.' });
  await expect(theirReply).toContainText('Rui Reviewer');
  await expect(theirReply.getByRole('button')).toHaveCount(0);

  const refusals: [string, unknown[]][] = [
    ['comments:edit', [theirs.comment.id, { contents: 'Rewritten' }]],
    ['comments:remove', [theirs.comment.id]],
    ['comments:move', [theirs.comment.id, 1, 1]],
    ['comments:editReply', [theirs.reply!.id, 'Rewritten']],
    ['comments:removeReply', [theirs.reply!.id]],
  ];
  for (const [channel, args] of refusals) {
    const answer = await callFromPage(page, channel, args);
    expect(answer.body, channel).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('Only the author can') },
    });
  }
  const stored = await bridge<Comment[]>(crit, 'comments:list', [pages[0]!.id]);
  expect(stored.find((c) => c.id === theirs.comment.id)).toEqual(theirs.comment);
  expect(stored.find((c) => c.id === mine.id)?.replies).toEqual([theirs.reply]);
});

test('pins and cards are linked both ways', async ({ crit, design, page }) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Long page', ['home']);
  const pageId = pages[0]!.id;
  // Oldest first: the panel lists newest first, so the first seeded is the last card.
  const seededComments: Comment[] = [];
  for (let i = 0; i < 8; i++) {
    seededComments.push(
      await seedComment(crit, pageId, `Note ${i + 1}: ${'detail '.repeat(12)}`, {
        x: 15 + i * 10,
        y: i === 7 ? 96 : 8 + i * 3,
      }),
    );
  }
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(8);
  const cardOf = (c: Comment) => design.panel.locator(`article[data-comment-id="${c.id}"]`);
  const pinOf = (c: Comment) => design.screenshot.locator(`[data-comment-id="${c.id}"]`);
  const oldest = seededComments[0]!;
  const newest = seededComments[7]!;

  // The pin of the last card: its card is selected and scrolled into view.
  await expect(cardOf(oldest)).not.toBeInViewport();
  await pinOf(oldest).click();
  await expect(pinOf(oldest)).toHaveAttribute('aria-pressed', 'true');
  await expect(cardOf(oldest)).toHaveClass(/comment-card--selected/);
  await expect(cardOf(oldest)).toBeInViewport();
  await expect(design.panel.locator('.comment-card--selected')).toHaveCount(1);

  // A card whose pin is below the fold: its pin is pressed and scrolled into view.
  await expect(pinOf(newest)).not.toBeInViewport();
  await cardOf(newest).click({ position: { x: 200, y: 12 } });
  await expect(pinOf(newest)).toHaveAttribute('aria-pressed', 'true');
  await expect(pinOf(oldest)).toHaveAttribute('aria-pressed', 'false');
  await expect(cardOf(newest)).toHaveClass(/comment-card--selected/);
  await expect(cardOf(oldest)).not.toHaveClass(/comment-card--selected/);
  await expect(pinOf(newest)).toBeInViewport();

  // Keyboard: Tab from the first card's last button reaches the second card.
  const second = seededComments[6]!;
  await cardOf(newest).getByRole('button', { name: 'Delete', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(cardOf(second)).toBeFocused();
  await expect(pinOf(second)).toHaveAttribute('aria-pressed', 'true');
  await expect(pinOf(newest)).toHaveAttribute('aria-pressed', 'false');
  await expect(design.screenshot.locator('[aria-pressed="true"]')).toHaveCount(1);
});

test('C toggles comment mode, Esc leaves it; the composer cancels with Esc and saves with Ctrl+Enter', async ({
  crit,
  design,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Keys', ['home']);
  await design.open(seeded.id);
  await expect(design.image).toBeVisible();
  const mode = design.commentModeButton;

  await expect(mode).toHaveAttribute('aria-pressed', 'false');
  await design.page.keyboard.press('c');
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  await expect(mode).toHaveText('Done commenting');
  await design.page.keyboard.press('c');
  await expect(mode).toHaveAttribute('aria-pressed', 'false');
  await design.page.keyboard.press('Shift+C');
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  await design.page.keyboard.press('Escape');
  await expect(mode).toHaveAttribute('aria-pressed', 'false');
  // Outside comment mode a click on the screenshot opens nothing.
  await design.clickAt(30, 30);
  await expect(design.composer).toHaveCount(0);

  // Typing a "c" in the composer is text, not the shortcut.
  await design.page.keyboard.press('c');
  await design.clickAt(30, 30);
  const text = design.composer.getByLabel('Comment');
  await expect(text).toBeFocused();
  await text.press('c');
  await expect(text).toHaveValue('c');
  await expect(mode).toHaveAttribute('aria-pressed', 'true');

  // Esc in the composer asks before dropping what was typed; Discard drops the draft,
  // saves nothing, and stays in comment mode.
  await text.press('Escape');
  await expect(design.dialog).toContainText('Discard this comment?');
  await design.dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(design.composer).toHaveCount(0);
  await expect(mode).toHaveAttribute('aria-pressed', 'true');
  await expect(design.cards).toHaveCount(0);
  await expect(design.pins).toHaveCount(0);

  // Blank text cannot be saved, by button or by keyboard.
  await design.clickAt(40, 40);
  await text.fill('   \n   ');
  await expect(design.composer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await text.press('Control+Enter');
  await expect(design.composer).toBeVisible();
  await expect(design.cards).toHaveCount(0);

  // Ctrl+Enter saves, trimmed, where the pin was dropped.
  await text.fill('  \n The hero needs a call to action.  \n');
  await text.press('Control+Enter');
  await expect(design.composer).toHaveCount(0);
  await expect(design.cards).toHaveCount(1);
  await expect(design.card(1).locator('.comment-card__contents')).toHaveText(
    'The hero needs a call to action.',
  );
  await expect(design.commentCount).toHaveText('1');
  const [saved] = await bridge<Comment[]>(crit, 'comments:list', [pages[0]!.id]);
  expect(saved!.contents).toBe('The hero needs a call to action.');
  expect(saved!.position.x).toBeCloseTo(40, 0);
  expect(saved!.position.y).toBeCloseTo(40, 0);

  // Esc outside any field leaves comment mode.
  await design.page.keyboard.press('Escape');
  await expect(mode).toHaveAttribute('aria-pressed', 'false');
});

test('the composer suggests the tag of the element under the pin from the element map', async ({
  crit,
  workspace,
  design,
}) => {
  await seedProfile(crit, 'Dana Designer');
  await workspace.open('/review/netflix');
  await expect(workspace.image).toHaveAttribute('src', '/media/samples/netflix-main.png');
  // The sample's own pins sit inside elements of their tags, at random: they may cover a
  // point below, and a click on a pin selects it. This test is about the map, not pins.
  await expect(design.pins.first()).toBeVisible();
  await design.page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.pin').forEach((pin) => (pin.style.display = 'none')),
  );
  await design.page.keyboard.press('c');
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'true');
  const element = design.composer.getByLabel('Element');

  // Points chosen from resources/samples/netflix-main.elements.json: the smallest box
  // holding each point is the one suggested.
  const cases: [number, number, string][] = [
    [60, 1.5, 'header'], // only the header band (and the whole main and hero image)
    [9, 1.3, 'logo'], // the logo, inside the header
    [94, 1.3, 'button'], // a button at the header's right
    [50, 99, 'footer'], // the footer, below its links
  ];
  for (const [x, y, tag] of cases) {
    await design.clickAt(x, y);
    await expect(element, `${x}%, ${y}%`).toHaveValue(tag);
  }
  // The suggestion is only a suggestion.
  await element.selectOption('nav');
  await design.composer.getByLabel('Comment').fill('Footer links are hard to read.');
  await design.composer.getByRole('button', { name: 'Save' }).click();
  await expect(design.composer).toHaveCount(0);
  await expect(
    design.cards.filter({ hasText: 'Footer links are hard to read.' }).locator('.badge'),
  ).toHaveText(/ · nav$/);
});

test('a comment on a sample gets the next number and is gone after a reload', async ({
  crit,
  workspace,
  design,
  page,
}) => {
  await seedProfile(crit, 'Sam Sample');
  await workspace.open('/review/gemini');
  await expect(workspace.commentCount).toHaveText('20');
  await expect(workspace.reviewerCount).toHaveText('4');
  const before = await workspace.headingCount();
  await expect(workspace.pins).toHaveCount(before);

  await page.keyboard.press('c');
  await design.comment(50, 50, 'Sample feedback that will not last.');
  const number = before + 1;
  await expect(workspace.commentsHeading).toHaveText(`Comments (${number})`);
  await expect(workspace.commentCount).toHaveText('21');
  await expect(workspace.reviewerCount).toHaveText('5');
  await expect(workspace.pin(number)).toHaveAccessibleName(`Comment ${number} by Sam Sample`);
  await expect(workspace.card(number)).toContainText('Sample feedback that will not last.');
  await expect(workspace.card(number)).toContainText(`${number} · `);
  await expect(workspace.card(number)).toContainText('Sam Sample');
  // A new name in the profile shows on the comment at once.
  await design.profileButton.click();
  await design.saveProfile('Sam Renamed');
  await expect(workspace.pin(number)).toHaveAccessibleName(`Comment ${number} by Sam Renamed`);
  await expect(workspace.card(number)).toContainText('Sam Renamed');
  await expect(workspace.reviewerButton('Sam Renamed')).toBeVisible();

  await page.reload();
  await expect(workspace.commentCount).toHaveText('20');
  await expect(workspace.reviewerCount).toHaveText('4');
  await expect(workspace.cards.filter({ hasText: 'Sample feedback' })).toHaveCount(0);
  await expect(workspace.reviewerButton('Sam Renamed')).toHaveCount(0);
});
