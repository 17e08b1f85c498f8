import { layoutProblems } from '../support/geometry.ts';
import { expect, test } from '../support/fixtures.ts';
import { LONG_DESIGN_NAME, LONG_PERSON, seedLongDesign } from './long-design.ts';

// Issue 12, item 1: the workspace fits at every common window size.

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1600, height: 1000 },
  { width: 1920, height: 1080 },
];

test('a sample fits at 1024, 1280, 1600 and 1920 px wide', async ({ workspace, page }) => {
  await workspace.open('/review/netflix');
  await expect(workspace.cards.first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(() => layoutProblems(page), { message: `at ${size.width}` }).toEqual([]);
    // SPEC A2's widths stay: sidebar 240 px, comments 320 px.
    expect((await workspace.sidebar.boundingBox())?.width).toBeCloseTo(240, 0);
    expect((await workspace.panel.boundingBox())?.width).toBeCloseTo(320, 0);
  }
});

test('a design with the longest names and 33 comments fits at every size', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedLongDesign(crit);
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(33);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(() => layoutProblems(page), { message: `at ${size.width}` }).toEqual([]);
    // The header's tools stay in the window however long the design's name.
    const avatar = await page.locator('header .app-header__avatar').boundingBox();
    expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(size.width);
    await expect(design.profileButton).toBeInViewport({ ratio: 1 });
  }
  // Long names are shortened on screen; their full text is still there to read.
  await page.setViewportSize(SIZES[0]!);
  await expect(design.title).toHaveText(LONG_DESIGN_NAME);
  await expect(design.title).toHaveAttribute('title', LONG_DESIGN_NAME);
  const titleBox = await design.title.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(titleBox).toBe(true);
  await expect(design.profileButton).toHaveAccessibleName(LONG_PERSON);
  await expect(design.cards.first().locator('.comment-card__name')).toHaveAttribute('title', /.+/);
});
