import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the landing screen has no serious accessibility violations', async ({ landing, page }) => {
  await landing.open();
  await expect(landing.sampleCards).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a sample workspace has no serious accessibility violations', async ({ workspace, page }) => {
  await workspace.open('/review/netflix');
  await expect(workspace.pins.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('sample cards are links named after the sample; pins are focusable buttons', async ({
  landing,
  workspace,
  page,
}) => {
  await landing.open();
  await expect(page.getByRole('link', { name: 'Netflix UI' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gemini UI' })).toBeVisible();
  await workspace.open('/review/gemini');
  await expect(page.getByRole('heading', { name: /^Comments \(\d+\)$/ })).toBeVisible();
  await workspace.pin(1).focus();
  await expect(workspace.pin(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(workspace.pin(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(workspace.cards.first()).toBeVisible();
  expect(await workspace.panel.getByRole('listitem').count()).toBe(await workspace.headingCount());
});
