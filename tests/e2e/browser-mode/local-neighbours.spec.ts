import { callFromPage } from '../support/bridge.ts';
import { startCritServer } from '../support/crit-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { startForeignServer } from '../support/foreign-server.ts';
import { LandingPage } from '../support/landing-page.ts';
import { seedDesign } from '../support/seed.ts';

// SPEC browser mode: a credential another server on 127.0.0.1 can see must not open Crit.

test('another local server the browser visits receives nothing that opens Crit', async ({
  crit,
  design,
  page,
  playwright,
}) => {
  const { design: seeded, pages } = await seedDesign(crit, 'Secret launch', ['teaser']);
  await design.open(seeded.id);
  await expect
    .poll(() => design.image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.reload();
  await expect(design.pageButtons).toHaveText(['teaser']);
  const mediaKey = crit.mediaUrl(pages[0]!.img).split('/')[2]!;
  expect(mediaKey).toMatch(/^[0-9a-f]{48}$/);

  // The same tab, then a second tab of the same browser, visit another local server.
  const foreign = await startForeignServer(crit.origin);
  try {
    await page.goto(foreign.origin);
    await expect(page.getByRole('heading', { name: 'Another local app' })).toBeVisible();
    const second = await page.context().newPage();
    await second.goto(foreign.origin);
    await expect.poll(() => foreign.received.filter((r) => r.url === '/probe').length).toBe(2);
    await second.close();

    expect(foreign.received.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/', '/pixel.png', '/probe']),
    );
    expect(await page.context().cookies()).toEqual([]);
    for (const request of foreign.received) {
      const seen = JSON.stringify(request);
      expect(request.headers.cookie, request.url).toBeUndefined();
      expect(request.headers.authorization, request.url).toBeUndefined();
      expect(seen).not.toContain(crit.token);
      expect(seen).not.toContain(mediaKey);
      // No-referrer: not even the address of Crit's page reaches it.
      expect(seen).not.toContain(`${crit.origin}/`);
    }

    // Replaying whatever it got, every header as it came, opens nothing.
    const replay = await playwright.request.newContext();
    for (const { headers } of foreign.received) {
      const forwarded = Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['host', 'content-length', 'connection'].includes(name),
        ),
      ) as Record<string, string>;
      const call = await replay.post(`${crit.origin}/api/designs:list`, {
        headers: { ...forwarded, origin: crit.origin, 'content-type': 'application/json' },
        data: [],
      });
      expect(call.status()).toBe(401);
      expect(await call.text()).not.toContain('Secret launch');
      expect((await replay.get(`${crit.origin}/session`, { headers: forwarded })).status()).toBe(
        401,
      );
    }
    await replay.dispose();
  } finally {
    await foreign.close();
  }
});

test('two Crit servers in one browser stay connected side by side', async ({ crit, page }) => {
  const other = await startCritServer();
  try {
    await seedDesign(crit, 'Design on the first server');
    await seedDesign(other, 'Design on the second server');
    const first = new LandingPage(page, crit);
    const secondTab = await page.context().newPage();
    const second = new LandingPage(secondTab, other);
    await first.open();
    await second.open();
    await expect(first.designCard('Design on the first server')).toBeVisible();
    await expect(second.designCard('Design on the second server')).toBeVisible();

    // Each tab keeps its own token: reloading either after the other opened still works.
    await page.reload();
    await secondTab.reload();
    await expect(first.designCard('Design on the first server')).toBeVisible();
    await expect(second.designCard('Design on the second server')).toBeVisible();
    expect((await callFromPage(page, 'designs:list', [])).status).toBe(200);
    expect((await callFromPage(secondTab, 'designs:list', [])).status).toBe(200);

    // One tab going from one server to the other and back keeps both (per-origin storage).
    await page.goto(other.routeUrl('/'));
    await expect(first.designCard('Design on the second server')).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(first.designCard('Design on the first server')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await other.stop();
  }
});

test('the page sends its token as a header with its own Origin, never a cookie, and drops it from the address', async ({
  crit,
  landing,
  page,
}) => {
  const calls: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      void request.allHeaders().then((headers) => calls.push(headers));
    }
  });
  await landing.open();
  await landing.createDesign('Made in the browser');
  await expect(page).toHaveURL(/#\/designs\//);
  expect(page.url()).not.toContain('token');
  expect(page.url()).not.toContain(crit.token);
  await expect.poll(() => calls.length).toBeGreaterThan(1);
  for (const headers of calls) {
    expect(headers.origin).toBe(crit.origin);
    expect(headers.authorization).toBe(`Bearer ${crit.token}`);
    expect(headers.cookie).toBeUndefined();
  }
  // The history entry kept no token either, and a reload keeps working from the tab's storage.
  expect(await page.evaluate(() => window.location.search)).toBe('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Made in the browser' })).toBeVisible();
});

test('an open tab whose server restarted explains how to reconnect', async ({
  crit,
  landing,
  page,
}) => {
  await seedDesign(crit, 'Before the restart');
  await landing.open();
  await expect(landing.designCard('Before the restart')).toBeVisible();

  await crit.restart();
  await landing.designCard('Before the restart').click({ position: { x: 40, y: 40 } });
  const banner = page.getByRole('alert').filter({ hasText: 'Disconnected' });
  await expect(banner).toContainText('npm run serve');
  await expect(banner).toContainText('open the new address');

  // A reload with the old token shows the reconnect screen instead of a bare 401.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reconnect to Crit');
  await expect(page.getByText('npm run serve')).toBeVisible();

  // The new address connects again.
  await landing.open();
  await expect(landing.designCard('Before the restart')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
