import { expect, test } from '../support/fixtures.ts';

const CASES = [
  { route: '/review/netflix', title: 'Netflix UI', pages: ['main', 'main/pop-up', 'choice'] },
  { route: '/review/gemini', title: 'Gemini UI', pages: ['main', 'chat'] },
  { route: '/review/something-else', title: 'Netflix UI', pages: ['main'] },
  { route: '/review', title: 'Netflix UI', pages: ['main'] },
];

for (const { route, title, pages } of CASES) {
  test(`${route} is titled ${title} with pages ${pages.join(', ')}`, async ({ workspace }) => {
    await workspace.open(route);
    await expect(workspace.title).toHaveText(title);
    await expect(workspace.pageButtons).toHaveText(pages);
    await expect(workspace.pageButton(pages[0]!)).toHaveAttribute('aria-current', 'page');
  });
}

test('an unknown sample shows the streaming sample main screenshot', async ({ workspace }) => {
  await workspace.open('/review/unknown');
  await expect(workspace.image).toHaveAttribute('src', '/media/samples/netflix-main.png');
});

test('counters: 20 comments, 4 reviewers, likes from 16 up by one per click', async ({
  workspace,
  page,
}) => {
  await workspace.open('/review/netflix');
  await expect(workspace.commentCount).toHaveText('20');
  await expect(workspace.reviewerCount).toHaveText('4');
  await expect(workspace.sidebar.getByText('Comments', { exact: true })).toBeVisible();
  await expect(workspace.sidebar.getByText('Reviewers', { exact: true }).first()).toBeVisible();
  await expect(workspace.sidebar.getByText('Likes', { exact: true })).toBeVisible();
  await expect(workspace.likeCount).toHaveText('16');
  await workspace.likeButton.click();
  await expect(workspace.likeCount).toHaveText('17');
  await workspace.likeButton.click();
  await expect(workspace.likeCount).toHaveText('18');

  await page.reload();
  await expect(workspace.likeCount).toHaveText('16');
  await expect(workspace.commentCount).toHaveText('20');
});

test('every load builds fresh mock data', async ({ workspace, page }) => {
  await workspace.open('/review/gemini');
  await expect(workspace.reviewerButtons).toHaveCount(4);
  const idsOf = () =>
    page
      .locator('[data-comment-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')));
  const before = new Set(await idsOf());
  await page.reload();
  await expect(workspace.commentCount).toHaveText('20');
  const after = await idsOf();
  expect(after.some((id) => before.has(id))).toBe(false);
});

test('changing the sample name in the address loads that sample', async ({
  workspace,
  page,
  crit,
}) => {
  await workspace.open('/review/netflix');
  await page.goto(crit.routeUrl('/review/gemini'));
  await expect(workspace.title).toHaveText('Gemini UI');
  await expect(workspace.pageButtons).toHaveText(['main', 'chat']);
  await expect(workspace.pageButton('main')).toHaveAttribute('aria-current', 'page');
});

test('selecting a page highlights it and shows its screenshot', async ({ workspace }) => {
  await workspace.open('/review/netflix');
  await workspace.pageButton('choice').click();
  await expect(workspace.pageButton('choice')).toHaveAttribute('aria-current', 'page');
  await expect(workspace.pageButton('main')).not.toHaveAttribute('aria-current', 'page');
  await expect(workspace.image).toHaveAttribute('src', '/media/samples/netflix-choice.png');
  const background = await workspace
    .pageButton('choice')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const plain = await workspace
    .pageButton('main')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe(plain);
});

test('selecting a reviewer outlines the avatar; the section background clears it', async ({
  workspace,
}) => {
  await workspace.open('/review/netflix');
  const jun = workspace.reviewerButton('Jun Park');
  const outline = () => jun.locator('img').evaluate((img) => getComputedStyle(img).outlineColor);
  const unselected = await outline();
  await jun.click();
  await expect(jun).toHaveAttribute('aria-pressed', 'true');
  await expect(workspace.reviewerButton('Ada Moreno')).toHaveAttribute('aria-pressed', 'false');
  expect(await outline()).not.toBe(unselected);
  for (const pin of await workspace.pins.all()) {
    await expect(pin).toHaveAccessibleName(/ by Jun Park$/);
  }

  await workspace.clickReviewersBackground();
  await expect(jun).toHaveAttribute('aria-pressed', 'false');
  expect(await outline()).toBe(unselected);
});

test('Comments (N) equals the pins on the page for every page and reviewer filter', async ({
  workspace,
}) => {
  await workspace.open('/review/netflix');
  await expect(workspace.reviewerButtons).toHaveCount(4);
  const reviewers = await workspace.reviewerButtons.allTextContents();
  let totalUnfiltered = 0;
  for (const pageName of ['main', 'main/pop-up', 'choice']) {
    await workspace.pageButton(pageName).click();
    await expect(workspace.pageButton(pageName)).toHaveAttribute('aria-current', 'page');
    const all = await workspace.headingCount();
    await expect(workspace.pins).toHaveCount(all);
    await expect(workspace.cards).toHaveCount(all);
    totalUnfiltered += all;
    let byReviewer = 0;
    for (const name of reviewers) {
      await workspace.reviewerButton(name).click();
      const n = await workspace.headingCount();
      await expect(workspace.pins).toHaveCount(n);
      await expect(workspace.cards).toHaveCount(n);
      byReviewer += n;
    }
    expect(byReviewer).toBe(all);
    await workspace.clickReviewersBackground();
  }
  expect(totalUnfiltered).toBe(20);
});

test('pins are numbered from 1 and centred on their x%/y% of the image', async ({ workspace }) => {
  await workspace.open('/review/netflix');
  await expect(workspace.image).toHaveJSProperty('complete', true);
  const imageBox = (await workspace.image.boundingBox())!;
  const count = await workspace.pins.count();
  expect(count).toBeGreaterThan(0);
  for (let n = 1; n <= count; n++) {
    const pin = workspace.pins.nth(n - 1);
    await expect(pin).toHaveText(String(n));
    await expect(pin).toHaveAccessibleName(new RegExp(`^Comment ${n} by `));
    const { left, top } = await pin.evaluate((el: HTMLElement) => ({
      left: parseFloat(el.style.left),
      top: parseFloat(el.style.top),
    }));
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThanOrEqual(100);
    const box = (await pin.boundingBox())!;
    expect(box.x + box.width / 2).toBeCloseTo(imageBox.x + (imageBox.width * left) / 100, 0);
    expect(box.y + box.height / 2).toBeCloseTo(imageBox.y + (imageBox.height * top) / 100, 0);
    await expect(workspace.card(n).locator('.badge')).toHaveText(
      new RegExp(`^${n} · (header|main|logo|list|footer|nav|button|form|image)$`),
    );
  }
});

test('comment cards show avatar, name, relative time, index · tag badge and contents', async ({
  workspace,
}) => {
  await workspace.open('/review/gemini');
  const names = ['Ada Moreno', 'Jun Park', 'Priya Nair', 'Tomás Silva'];
  const count = await workspace.cards.count();
  expect(count).toBeGreaterThan(0);
  for (let n = 1; n <= count; n++) {
    const card = workspace.card(n);
    await expect(card.locator('img.avatar')).toHaveAttribute(
      'src',
      /\/media\/avatars\/reviewer-\d\.svg$/,
    );
    expect(names).toContain(await card.locator('.comment-card__name').textContent());
    await expect(card.locator('time')).toHaveText(
      /^(a few seconds|a minute|\d+ minutes|an hour|\d+ hours|a day|\d+ days|a month|\d+ months) ago$/,
    );
    await expect(card.locator('.badge')).toHaveText(new RegExp(`^${n} · \\w+$`));
    await expect(card.locator('.comment-card__contents')).not.toBeEmpty();
  }
});

test('relative times span seconds to days across the sample', async ({ workspace }) => {
  await workspace.open('/review/netflix');
  const times: string[] = [];
  for (const pageName of ['main', 'main/pop-up', 'choice']) {
    await workspace.pageButton(pageName).click();
    times.push(...(await workspace.cards.locator('time').allTextContents()));
  }
  expect(times).toHaveLength(20);
  expect(times.some((t) => t.includes('seconds'))).toBe(true);
  expect(times.some((t) => /minute|hour/.test(t))).toBe(true);
  expect(times.some((t) => /day/.test(t))).toBe(true);
});

test('a card avatar that fails to load falls back to the default avatar', async ({
  workspace,
  page,
}) => {
  await page.route('**/media/avatars/reviewer-*.svg', (route) => route.abort());
  await workspace.open('/review/netflix');
  const first = workspace.card(1).locator('img.avatar');
  await expect(first).toHaveAttribute('src', '/media/avatars/default.svg');
  expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the logo goes back to the landing screen', async ({ workspace, landing, page }) => {
  await workspace.open('/review/gemini');
  await workspace.logo.click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(landing.headline).toBeVisible();
});

test('the header shows the user avatar', async ({ workspace }) => {
  await workspace.open('/review/netflix');
  await expect(workspace.userAvatar).toBeVisible();
  expect(
    await workspace.userAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
});

test('panel widths hold at a 1600×1000 window', async ({ workspace, page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await workspace.open('/review/netflix');
  const sidebar = (await workspace.sidebar.boundingBox())!;
  const panel = (await workspace.panel.boundingBox())!;
  const shot = (await workspace.screenshot.boundingBox())!;
  expect(sidebar.width).toBeLessThanOrEqual(240);
  expect(sidebar.width).toBeGreaterThan(180);
  expect(panel.width).toBeLessThanOrEqual(320);
  expect(panel.width).toBeGreaterThan(260);
  const rem = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).fontSize),
  );
  expect(shot.width).toBeCloseTo(56 * rem, 0);
  expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(shot.x);
  expect(shot.x + shot.width).toBeLessThanOrEqual(panel.x);
});

test('pins and cards are linked both ways', async ({ workspace }) => {
  await workspace.open('/review/netflix');
  const count = await workspace.pins.count();
  const last = count;
  await workspace.pin(last).click();
  await expect(workspace.card(last)).toHaveClass(/comment-card--selected/);
  await expect(workspace.card(last)).toBeInViewport();

  await workspace.card(1).click();
  await expect(workspace.pin(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(workspace.pin(last)).toHaveAttribute('aria-pressed', 'false');
  await expect(workspace.pin(1)).toBeInViewport();
});
