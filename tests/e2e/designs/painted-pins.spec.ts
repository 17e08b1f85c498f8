import type { Comment } from '../../../src/shared/domain.ts';
import { bridge } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import { seedCrowd, seedDesign, seedProfile } from '../support/seed.ts';

// Issue 13: where hundreds of pins are near the view, they are one picture (a canvas);
// the selected pin is a button over it, and the comment list is their accessible form.

/** A grid of pins far enough apart not to overlap on an 800 × 1200 screenshot. */
const GRID = Array.from({ length: 20 * 31 }, (_, i) => ({
  x: 4 + (i % 20) * 4.6,
  y: 2 + Math.floor(i / 20) * 3,
}));
const OTHERS = Array.from({ length: 30 }, (_, i) => ({ x: 4 + i * 3, y: 50.5 }));
const ALL = [...GRID, ...OTHERS];

test('a crowd of pins is painted, and each painted pin can be chosen, dragged and filtered', async ({
  crit,
  design,
  workspace,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Crowd', ['home']);
  const pageId = pages[0]!.id;
  const own = seedCrowd(crit, pageId, GRID);
  seedCrowd(crit, pageId, OTHERS, 'Ola Other');
  const total = GRID.length + OTHERS.length;
  await design.open(seeded.id);
  await expect(design.commentsHeading).toHaveText(`Comments (${total})`);

  // Painted: no pin is a button, the canvas says it holds every pin near the view, and the
  // list still tells assistive technology how many comments there are.
  const canvas = page.getByTestId('pin-canvas');
  await expect(canvas).toBeVisible();
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  /** How many pins the canvas drew, less those of its part of the image it left out. */
  const missing = async () => {
    const [l, t, r, b] = (await canvas.getAttribute('data-window'))!.split(' ').map(Number);
    const there = ALL.filter((p) => p.x >= l! && p.x <= r! && p.y >= t! && p.y <= b!);
    return {
      there: there.length,
      missing: there.length - Number(await canvas.getAttribute('data-pins')),
    };
  };
  // The page is taller than the view and its margins: the pins at its foot are left out.
  await expect.poll(async () => (await missing()).missing).toBe(0);
  expect((await missing()).there).toBeGreaterThan(400);
  expect((await missing()).there).toBeLessThan(total);
  await expect(design.pins).toHaveCount(0);
  await expect(design.panel.locator('li[aria-setsize]').first()).toHaveAttribute(
    'aria-setsize',
    String(total),
  );

  /** Where a comment's pin is on screen, from the image as drawn. */
  const onScreen = async (p: { x: number; y: number }) => {
    const box = (await design.image.boundingBox())!;
    return { x: box.x + (p.x / 100) * box.width, y: box.y + (p.y / 100) * box.height };
  };

  // A click on a painted pin selects its comment: the pin becomes a pressed button there.
  const chosen = own[47]!;
  const at = await onScreen(chosen.position);
  await page.mouse.click(at.x, at.y);
  const pressed = design.screenshot.locator('[aria-pressed="true"]');
  await expect(pressed).toHaveCount(1);
  await expect(pressed).toHaveAttribute('data-comment-id', chosen.id);
  await expect(pressed).toBeFocused();
  await expect(design.panel.locator(`[data-comment-id="${chosen.id}"]`)).toHaveClass(
    /comment-card--selected/,
  );
  // It is not on the canvas as well.
  await expect.poll(async () => (await missing()).missing).toBe(1);

  // A painted pin of one's own can be dragged where it is pressed.
  const dragged = own[300]!;
  const from = await onScreen(dragged.position);
  const to = { x: from.x + 18, y: from.y + 60 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(pressed).toHaveAttribute('data-comment-id', dragged.id);
  const box = (await design.image.boundingBox())!;
  const expected = {
    x: ((to.x - box.x) / box.width) * 100,
    y: ((to.y - box.y) / box.height) * 100,
  };
  await expect
    .poll(async () => {
      const saved = await bridge<Comment[]>(crit, 'comments:list', [pageId]);
      return saved.find((c) => c.id === dragged.id)!.position.y;
    })
    .toBeCloseTo(expected.y, 0);
  // Nothing else moved, and the drag made no new comment.
  const after = await bridge<Comment[]>(crit, 'comments:list', [pageId]);
  expect(after).toHaveLength(total);
  expect(after.find((c) => c.id === chosen.id)!.position).toEqual(chosen.position);

  // In comment mode, a click beside the pins places a new one; a click on a pin selects it.
  await design.commentModeButton.click();
  const empty = await onScreen({ x: 97, y: 30 });
  await page.mouse.click(empty.x, empty.y);
  await expect(design.composer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(design.composer).toBeHidden();
  const another = own[5]!;
  const there = await onScreen(another.position);
  await page.mouse.click(there.x, there.y);
  await expect(pressed).toHaveAttribute('data-comment-id', another.id);
  await expect(design.composer).toBeHidden();
  await design.commentModeButton.click();

  // One reviewer's 30 pins are buttons; back to everyone, they are painted again.
  await workspace.reviewerButton('Ola Other').click();
  await expect(canvas).toBeHidden();
  await expect(design.pins).toHaveCount(OTHERS.length);
  await expect(design.pins.first()).toHaveAccessibleName(/^Comment \d+ by Ola Other$/);
  await workspace.reviewersSection.getByRole('button', { name: 'All reviewers' }).click();
  await expect(canvas).toBeVisible();
  await expect(design.pins).toHaveCount(1);
  await expect(pressed).toHaveAttribute('data-comment-id', another.id);

  // A narrower window shrinks the screenshot: the pins are drawn again where it puts them.
  const wide = (await design.image.boundingBox())!.width;
  await page.setViewportSize({ width: 1200, height: 1000 });
  await expect.poll(async () => (await design.image.boundingBox())!.width).toBeLessThan(wide);
  const later = own[128]!;
  const here = await onScreen(later.position);
  await page.mouse.click(here.x, here.y);
  await expect(pressed).toHaveAttribute('data-comment-id', later.id);
});
