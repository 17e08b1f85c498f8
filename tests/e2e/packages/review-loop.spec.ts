import { startCritServer } from '../support/crit-server.ts';
import { DesignPage } from '../support/design-page.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  closePackageNotices,
  downloadPackage,
  openPackageByChooser,
  packageNotices,
  pinNames,
} from '../support/packages.ts';
import { seedDesign, seedProfile } from '../support/seed.ts';

// SPEC B5, issue 9.7: a design travels to a reviewer and their feedback comes back, in
// browser mode with two data folders (the designer's and the reviewer's).

test('a design goes out for review and its feedback comes back, merged', async ({
  browser,
  crit,
  design,
  page,
}) => {
  test.setTimeout(150_000);
  const reviewerCrit = await startCritServer();
  const reviewerContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    const them = reviewerContext.newPage();
    const reviewer = new DesignPage(await them, reviewerCrit);
    const sendButton = (p: DesignPage) => p.page.getByRole('button', { name: 'Send for review…' });

    // The designer makes a design, comments on it and sends it.
    await seedProfile(crit, 'Ada Moreno');
    const { design: made } = await seedDesign(crit, 'Checkout', ['home', 'cart']);
    await design.open(made.id);
    await design.commentModeButton.click();
    await design.comment(20, 20, 'Make the nav sticky', 'nav');
    await expect(design.pins).toHaveCount(1);
    const outgoing = await downloadPackage(page, sendButton(design));
    expect(outgoing.name).toBe('Checkout.critpkg');

    // The reviewer opens it with the file chooser: the design is created, with its pages.
    await reviewer.page.goto(reviewerCrit.routeUrl('/'));
    await openPackageByChooser(reviewer.page, outgoing);
    await expect(packageNotices(reviewer.page)).toContainText('“Checkout” is new here');
    await expect(packageNotices(reviewer.page)).toContainText('Ada Moreno: 1 new comment');
    await closePackageNotices(reviewer.page);
    await expect(reviewer.page).toHaveURL(new RegExp(`#/designs/${made.id}$`));
    await expect(reviewer.title).toHaveText('Checkout');
    await expect(reviewer.pageButtons).toHaveText([/home/, /cart/]);

    // What arrived is new until its page has been shown a moment; the dot stays meanwhile.
    const arrived = reviewer.cards.filter({ hasText: 'Make the nav sticky' });
    await expect(arrived.locator('.unread-dot')).toBeVisible();
    await expect(reviewer.pin(1)).toHaveAccessibleName('Comment 1 by Ada Moreno, new');
    await expect(reviewer.pageButton('home')).toContainText('1 new');
    await expect(reviewer.pageButton('home')).not.toContainText('new', { timeout: 5_000 });
    await expect(arrived.locator('.unread-dot')).toBeVisible();

    // The pages are the designer's: their tools are not offered here, and it says why.
    await expect(reviewer.pagesNav).toContainText('Only Ada Moreno can change the pages.');
    await expect(reviewer.pageTool('Rename home')).toHaveCount(0);
    await expect(reviewer.page.getByRole('button', { name: 'Add pages…' })).toBeDisabled();

    // The reviewer sets up a profile the first time they comment, then comments,
    // replies and resolves.
    await reviewer.commentModeButton.click();
    await expect(reviewer.dialog).toContainText('Who is reviewing?');
    await reviewer.saveProfile('Jun Park');
    await reviewer.comment(60, 50, 'The button label is vague', 'button');
    await arrived.getByRole('button', { name: 'Reply', exact: true }).click();
    await arrived.getByRole('textbox', { name: 'Reply to comment 1' }).fill('Agreed, on scroll');
    await arrived.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(arrived).toContainText('Agreed, on scroll');
    await arrived.getByRole('button', { name: 'Resolve' }).click();
    await expect(arrived).toContainText('Resolved');
    await reviewer.pageButton('cart').click();
    await reviewer.comment(40, 70, 'Footer links look cramped', 'footer');

    // Pin numbers are each comment's own: the reviewer filter renumbers nothing.
    await reviewer.pageButton('home').click();
    await expect(reviewer.pins).toHaveCount(2);
    const reviewers = reviewer.page.getByTestId('reviewers-section');
    await reviewers.getByRole('button', { name: 'Jun Park', exact: true }).click();
    await expect(reviewer.pin(2)).toHaveAccessibleName('Comment 2 by Jun Park');
    await expect(reviewer.cards).toHaveCount(1);
    await expect(reviewer.cards.first().locator('.badge')).toHaveText('2 · button');
    await reviewers.getByRole('button', { name: 'All reviewers' }).click();

    // Meanwhile the designer goes on working on their copy.
    await design.pageButton('cart').click();
    await design.comment(10, 90, 'Cart total is hidden', 'main');

    // The reviewer sends their package back; the designer drops it onto the window.
    const returned = await downloadPackage(reviewer.page, sendButton(reviewer));
    expect(returned.name).toBe('Checkout.critpkg');
    await design.dropFiles([returned.payload]);
    const summary = 'Jun Park: 2 new comments, 1 reply, 1 resolved';
    await expect(packageNotices(page)).toContainText(`Checkout.critpkg was merged into “Checkout”`);
    await expect(packageNotices(page)).toContainText(summary);
    await closePackageNotices(page);

    // Everything arrived, and the designer's own edit in the meantime is still there.
    await design.pageButton('home').click();
    const theirs = design.cards.filter({ hasText: 'The button label is vague' });
    await expect(theirs.locator('.unread-dot')).toBeVisible();
    const mine = design.cards.filter({ hasText: 'Make the nav sticky' });
    await expect(mine).toContainText('Resolved');
    await expect(mine).toContainText('Agreed, on scroll');
    await expect(await pinNames(design.pins)).toEqual([
      'Comment 1 by Ada Moreno',
      'Comment 2 by Jun Park',
    ]);
    await design.pageButton('cart').click();
    await expect(design.cards).toHaveText([/Cart total is hidden/, /Footer links look cramped/]);
    await expect(design.commentCount).toHaveText('4');

    // Opening the same package again changes nothing, and says so.
    await design.dropFiles([returned.payload]);
    await expect(packageNotices(page)).toContainText('Nothing new.');
    await closePackageNotices(page);
    await expect(design.commentCount).toHaveText('4');

    // The designer sends the design back: both sides now hold the same comments, with
    // the same pin numbers, and the reviewer keeps their own comment.
    const again = await downloadPackage(page, sendButton(design));
    await reviewer.page.goto(reviewerCrit.routeUrl('/'));
    await openPackageByChooser(reviewer.page, again);
    await expect(packageNotices(reviewer.page)).toContainText('Ada Moreno: 1 new comment');
    await closePackageNotices(reviewer.page);
    for (const name of ['home', 'cart']) {
      await design.pageButton(name).click();
      await reviewer.pageButton(name).click();
      await expect(design.pins).toHaveCount(2);
      await expect(reviewer.pins).toHaveCount(2);
      expect(await pinNames(reviewer.pins)).toEqual(await pinNames(design.pins));
    }
  } finally {
    await reviewerContext.close();
    await reviewerCrit.stop();
  }
});
