import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { seedComment, seedDesign, seedProfile, seedReply } from '../support/seed.ts';

// Issue 12.13: axe finds no serious or critical violation on any screen or dialog, in
// light and in dark.

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checks the page as it is now; `what` names it in a failure. */
async function check(page: Page, what: string): Promise<void> {
  // Transitions settled, so colours are measured as they end up.
  await page.waitForTimeout(250);
  expect(await seriousViolations(page), what).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme}`, () => {
    // Each axe run takes seconds on a busy machine, and a test makes up to ten.
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme });
    });

    test('landing, its design menu, new design and delete confirmation', async ({
      crit,
      landing,
      page,
    }) => {
      await seedProfile(crit);
      const { design } = await seedDesign(crit, 'Checkout', ['cart']);
      await seedDesign(crit, 'Empty one');
      void design;
      await landing.open();
      await expect(landing.designCard('Checkout')).toBeVisible();
      await check(page, 'landing');
      await page.getByRole('button', { name: 'Actions for Checkout' }).click();
      await check(page, 'design menu');
      await page.getByRole('menuitem', { name: 'Rename…' }).click();
      await check(page, 'design details dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Actions for Checkout' }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      await check(page, 'delete design confirmation');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'New design' }).click();
      await check(page, 'new design dialog');
    });

    test('a design workspace with comments, composer, filters, profile, shortcuts', async ({
      crit,
      design,
      page,
    }) => {
      await seedProfile(crit, 'Dana Designer');
      const { design: seeded, pages } = await seedDesign(crit, 'Blog', ['post', 'about']);
      const first = await seedComment(crit, pages[0]!.id, 'Headline too small', {
        x: 20,
        y: 10,
        tag: 'header',
      });
      await seedComment(crit, pages[0]!.id, 'Long text. '.repeat(80), { x: 60, y: 50 });
      await seedReply(crit, first.id, 'Agreed');
      await design.open(seeded.id);
      await expect(design.cards).toHaveCount(2);
      await check(page, 'design workspace');

      await design.pin(1).click();
      await check(page, 'a selected pin and card');
      await design.cards.first().getByRole('button', { name: 'Edit', exact: true }).click();
      await check(page, 'a comment being edited');
      await page.keyboard.press('Escape');

      await design.commentModeButton.click();
      await design.clickAt(40, 40);
      await expect(design.composer).toBeVisible();
      await check(page, 'composer');
      await page.keyboard.press('Escape');

      await design.filterTag('nav');
      await design.filterStatus('Resolved');
      await check(page, 'filters hiding every comment');
      await design.filterTag('');
      await design.filterStatus('All');

      await design.cards.first().getByRole('button', { name: 'Delete', exact: true }).click();
      await check(page, 'delete comment confirmation');
      await page.keyboard.press('Escape');

      await page
        .getByRole('banner')
        .getByRole('button', { name: 'Dana Designer', exact: true })
        .click();
      await check(page, 'profile dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await check(page, 'shortcuts dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Design actions' }).click();
      await check(page, 'design actions menu');
    });

    test('both sample workspaces, and the notice after leaving one', async ({
      crit,
      workspace,
      page,
    }) => {
      await seedProfile(crit, 'Dana Designer');
      for (const sample of ['netflix', 'gemini']) {
        await workspace.open(`/review/${sample}`);
        await expect(workspace.pins.first()).toBeVisible();
        await check(page, `${sample} sample`);
      }
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      const box = await workspace.image.boundingBox();
      await workspace.screenshot.click({ position: { x: box!.width / 2, y: 200 } });
      const composer = page.getByRole('form', { name: 'New comment' });
      await composer.getByLabel('Comment').fill('Nice');
      await composer.getByLabel('Comment').press('Control+Enter');
      await expect(composer).toHaveCount(0);
      await workspace.logo.click();
      await expect(page.locator('output.sample-left-notice')).toBeVisible();
      await check(page, 'landing with the sample notice');
    });
  });
}
