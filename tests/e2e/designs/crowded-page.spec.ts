import type { DesignSummary, Page } from '../../../src/shared/domain.ts';
import { bridge, wireBytes } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';
import { seedComment, seedProfile } from '../support/seed.ts';

// Issue 13: a crowded page draws only the pins that can be seen; the list has them all.

const COUNT = 240;

test('a crowded page draws the pins in view, and the list still holds every comment', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const created = await bridge<DesignSummary>(crit, 'designs:create', [{ name: 'Long page' }]);
  // A tall page, so most of it is out of view.
  const png = await makePng('long.png', 800, 4000, 200);
  const shot = await bridge<Page>(crit, 'pages:add', [
    { designId: created.id, name: 'long', bytes: wireBytes(png.buffer) },
  ]);
  // From the top of the page to its foot; the last one added is listed first.
  for (let i = 0; i < COUNT; i += 40) {
    await Promise.all(
      Array.from({ length: 40 }, (_, j) =>
        seedComment(crit, shot.id, `Note ${i + j + 1}`, {
          x: 10 + ((i + j) % 80),
          y: ((i + j) / COUNT) * 100,
        }),
      ),
    );
  }
  await design.open(created.id);
  await expect(design.commentsHeading).toHaveText(`Comments (${COUNT})`);

  // The list is windowed too, but tells assistive technology where each card stands.
  const items = design.panel.locator('li[aria-setsize]');
  await expect(items.first()).toHaveAttribute('aria-setsize', String(COUNT));
  await expect(items.first()).toHaveAttribute('aria-posinset', '1');

  // Only the top of the page has pins, and they are the comments placed there.
  await expect(design.pins.first()).toBeVisible();
  const drawn = await design.pins.count();
  expect(drawn).toBeGreaterThan(10);
  expect(drawn).toBeLessThan(COUNT / 2);
  const tops = await design.pins.evaluateAll((pins) =>
    pins.map((pin) => parseFloat((pin as HTMLElement).style.top)),
  );
  expect(Math.max(...tops)).toBeLessThan(50);

  // Scrolled to the foot of the page, the pins there are drawn and those at the top are not.
  const canvas = page.getByTestId('screenshot-viewport');
  await canvas.evaluate((c) => (c.scrollTop = c.scrollHeight));
  await expect
    .poll(() =>
      design.pins.evaluateAll((pins) =>
        Math.min(...pins.map((pin) => parseFloat((pin as HTMLElement).style.top))),
      ),
    )
    .toBeGreaterThan(50);

  // Chosen from its card, a pin out of view is drawn, pressed and brought into view.
  await canvas.evaluate((c) => (c.scrollTop = 0));
  await expect
    .poll(() =>
      design.pins.evaluateAll((pins) =>
        Math.max(...pins.map((pin) => parseFloat((pin as HTMLElement).style.top))),
      ),
    )
    .toBeLessThan(50);
  const last = design.cards.filter({ hasText: `Note ${COUNT}` });
  const id = await last.getAttribute('data-comment-id');
  await last.click();
  const pin = design.screenshot.locator(`.pin[data-comment-id="${id}"]`);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(pin).toBeInViewport();
  await expect(design.screenshot.locator('[aria-pressed="true"]')).toHaveCount(1);
});
