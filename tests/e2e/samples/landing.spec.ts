import { expect, test } from '../support/fixtures.ts';

test('the landing screen offers the two sample reviews', async ({ landing, page }) => {
  await landing.open();
  await expect(landing.headline).toHaveText(/actionable feedback on your designs/i);
  await expect(page.getByText(/Pin comments to the exact element/)).toBeVisible();
  await expect(landing.sampleCards).toHaveCount(2);

  const netflix = landing.sampleCard('Netflix UI');
  await expect(netflix).toContainText('Watch TV shows online, watch movies online');
  const gemini = landing.sampleCard('Gemini UI');
  await expect(gemini).toContainText('Chat to supercharge your ideas');

  for (const card of [netflix, gemini]) {
    const [preview, avatar] = [card.locator('img.card__preview'), card.locator('img.avatar')];
    await expect(preview).toHaveJSProperty('complete', true);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
});

for (const [name, key] of [
  ['Netflix UI', 'netflix'],
  ['Gemini UI', 'gemini'],
] as const) {
  test(`clicking the ${key} card opens /review/${key}`, async ({ landing, workspace, page }) => {
    await landing.open();
    // A click anywhere on the card follows its link, not only on the name.
    await landing.sampleCard(name).click({ position: { x: 40, y: 40 } });
    await expect(page).toHaveURL(new RegExp(`#/review/${key}$`));
    await expect(workspace.title).toHaveText(name);
  });
}
