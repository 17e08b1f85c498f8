import { startFixtureServer, html, type FixtureServer } from '../../unit/capture/fixture-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { seedDesign, seedProfile } from '../support/seed.ts';

// Issue 10: capture a web page; its element map names what a pin is dropped on.

let site: FixtureServer;
test.beforeAll(async () => {
  site = await startFixtureServer({
    '/home': html(`<!doctype html><title>Nav test</title><style>body { margin: 0 }</style>
      <nav id="site-nav" style="height:100px;background:#234;color:#fff">Home · Pricing</nav>
      <main style="height:900px;background:#f4f4f4"><p>Welcome</p></main>`),
  });
});
test.afterAll(async () => site?.close());

test('captures a page served on 127.0.0.1, and a pin on its nav suggests nav', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded } = await seedDesign(crit, 'Site');
  await design.open(seeded.id);

  await page.getByRole('button', { name: 'Capture a web page…' }).click();
  const dialog = design.dialog;
  await expect(dialog.getByRole('heading', { name: 'Capture a web page' })).toBeVisible();
  await expect(dialog.getByLabel('Desktop 1440')).toBeChecked();
  await dialog.getByLabel('Address (http or https)').fill(site.url('/home'));
  await dialog.getByRole('button', { name: 'Capture', exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 60_000 });

  await expect(design.pageButtons).toHaveCount(1);
  await expect(design.pageButtons.first()).toContainText('Nav test — 1440');
  await expect(design.image).toBeVisible();

  await design.commentModeButton.click();
  await design.clickAt(50, 5);
  await expect(design.composer).toBeVisible();
  await expect(design.composer.getByLabel('Element')).toHaveValue('nav');
  // Below the nav, in the main: the composer follows the map there too.
  await design.composer.getByRole('button', { name: 'Cancel' }).click();
  await design.clickAt(50, 60);
  await expect(design.composer.getByLabel('Element')).toHaveValue('main');
});

test('a bad address is refused in the dialog with a clear message, and nothing is added', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded } = await seedDesign(crit, 'Site');
  await design.open(seeded.id);
  await page.getByRole('button', { name: 'Capture a web page…' }).click();
  await design.dialog.getByLabel('Address (http or https)').fill('ftp://example.com/');
  await design.dialog.getByRole('button', { name: 'Capture', exact: true }).click();
  await expect(design.dialog.getByRole('alert')).toContainText(
    'Only http, https and local file addresses can be captured',
  );
  await expect(design.pageButtons).toHaveCount(0);
});
