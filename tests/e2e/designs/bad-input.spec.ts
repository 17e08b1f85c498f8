import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { DesignView } from '../../../src/shared/contract.ts';
import type { Comment, DesignSummary } from '../../../src/shared/domain.ts';
import { bridge, callBridge, callFromPage, wireBytes } from '../support/bridge.ts';
import type { CritServer } from '../support/crit-server.ts';
import { expect, test } from '../support/fixtures.ts';
import { makePng, type FilePayload } from '../support/images.ts';
import { seedComment, seedDesign, seedProfile } from '../support/seed.ts';

// SPEC B8: bad input gets a clear error and changes nothing.

const png = (name: string, buffer: Buffer): FilePayload => ({
  name,
  mimeType: 'image/png',
  buffer,
});

/** A flat PNG of any size; flat colour compresses to almost nothing. */
async function plainPng(name: string, width: number, height: number): Promise<FilePayload> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#88aacc' },
  })
    .png()
    .toBuffer();
  return png(name, buffer);
}

/**
 * A small PNG whose header claims `width` × `height`: the size checks read the header,
 * so this stands for a huge image without making one.
 */
async function pngClaiming(name: string, width: number, height: number): Promise<FilePayload> {
  const buffer = Buffer.from((await plainPng(name, 1, 1)).buffer);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height, then the CRC of
  // the chunk's type and data.
  buffer.writeUInt32BE(width, 16);
  buffer.writeUInt32BE(height, 20);
  buffer.writeUInt32BE(crc32(buffer.subarray(12, 29)), 29);
  return png(name, buffer);
}

/** Every file in the data folder's image store. */
function storedImages(crit: CritServer): string[] {
  const root = path.join(crit.dataDir, 'images');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** What the store holds for a design, read back through the bridge. */
async function snapshot(crit: CritServer, designId: string) {
  const view = await bridge<DesignView>(crit, 'designs:open', [designId]);
  const comments = await Promise.all(
    view.pages.map((p) => bridge<Comment[]>(crit, 'comments:list', [p.id])),
  );
  const designs = await bridge<DesignSummary[]>(crit, 'designs:list', []);
  return { view, comments, designs, images: storedImages(crit) };
}

test('bad image files chosen with "Add pages…" are refused by name; good ones still go in', async ({
  crit,
  design,
}) => {
  const { design: seeded } = await seedDesign(crit, 'Storefront', ['home']);
  await design.open(seeded.id);
  await expect(design.pageButtons).toHaveText(['home']);
  const imagesBefore = storedImages(crit);

  const good = await makePng('pricing.png', 900, 1200, 30);
  const truncated = await makePng('broken.png', 900, 1200, 60);
  await design.addPages([
    png('notes.png', Buffer.from('These are meeting notes, not a screenshot.\n')),
    png('broken.png', truncated.buffer.subarray(0, Math.floor(truncated.buffer.length / 2))),
    png('empty.png', Buffer.alloc(0)),
    good,
    await plainPng('too-wide.png', 10_001, 10),
  ]);

  const alert = design.alerts.filter({ hasText: 'Some files were not added.' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(
    'notes.png: The file is not a PNG, JPEG or WebP image. Crit takes images in those three formats.',
  );
  await expect(alert).toContainText(
    'broken.png: The file looks like a PNG image but cannot be read: it is damaged or incomplete.',
  );
  await expect(alert).toContainText(
    'empty.png: The file is empty (0 bytes), so it is not an image.',
  );
  await expect(alert).toContainText(
    'too-wide.png: The image is 10,001 px wide; Crit takes images up to 10,000 px wide.',
  );
  await expect(alert).not.toContainText('pricing.png');

  // Only the good file became a page, after the one already there.
  await expect(design.pageButtons).toHaveText(['home', 'pricing']);
  const view = await bridge<DesignView>(crit, 'designs:open', [seeded.id]);
  expect(view.pages.map((p) => p.name)).toEqual(['home', 'pricing']);
  // The good page's image and thumbnail are all the store gained.
  expect(storedImages(crit)).toHaveLength(imagesBefore.length + 2);

  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
});

test('images over the limits are refused when dropped, and nothing is added', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedDesign(crit, 'Landing', ['home', 'about']);
  await design.open(seeded.id);
  await expect(design.pageButtons).toHaveText(['home', 'about']);
  const before = await snapshot(crit, seeded.id);

  // Dropped onto the window, as from a file manager.
  await design.dropFiles([
    await plainPng('too-tall.png', 10, 40_001),
    await pngClaiming('too-many-pixels.png', 10_000, 15_001),
    png('readme.png', Buffer.from('# Read me\n')),
  ]);
  const dropped = design.alerts.filter({ hasText: 'Some files were not added.' });
  await expect(dropped).toContainText(
    'too-tall.png: The image is 40,001 px tall; Crit takes images up to 40,000 px tall.',
  );
  await expect(dropped).toContainText(
    'too-many-pixels.png: The image has 150.1 megapixels (10,000 × 15,001 px); Crit takes images up to 150 megapixels.',
  );
  await expect(dropped).toContainText('readme.png: The file is not a PNG, JPEG or WebP image.');
  await expect(design.pageButtons).toHaveText(['home', 'about']);

  // A file over 40 MiB is refused at once, before it is read.
  await design.dropBlankFile('huge.png', 40 * 1024 * 1024 + 1);
  await expect(design.alerts.filter({ hasText: 'huge.png' })).toContainText(
    'huge.png: The file is 40.1 MB; Crit takes image files up to 40 MB.',
  );
  await expect(design.pageButtons).toHaveText(['home', 'about']);

  expect(await snapshot(crit, seeded.id)).toEqual(before);
  // And the screen still shows the first page, which still loads.
  await expect(design.pageButton('home')).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(() => design.image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(800);
  await page.reload();
  await expect(design.pageButtons).toHaveText(['home', 'about']);
});

test('bridge calls with wrong types are refused as invalid arguments and change nothing', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: seeded, pages } = await seedDesign(crit, 'Pricing', ['plans']);
  const pageId = pages[0]!.id;
  const comment = await seedComment(crit, pageId, 'Plans need a comparison table.', {
    x: 20,
    y: 30,
    tag: 'list',
  });
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(1);
  const before = await snapshot(crit, seeded.id);

  const calls: [string, unknown[], RegExp][] = [
    ['designs:create', [{ name: 42 }], /\bname\b/],
    ['designs:create', [{ name: '   ' }], /A name is required/],
    ['designs:create', [{ name: 'Fine', owner: 'mallory' }], /owner/],
    ['designs:create', [], /./],
    ['designs:rename', [seeded.id, { name: 'New' }], /./],
    ['comments:add', [{ pageId, tag: 'main', contents: 'Too far right', x: 150, y: 10 }], /\bx\b/],
    ['comments:add', [{ pageId, tag: 'main', contents: 'Upside', x: 10, y: -1 }], /\by\b/],
    ['comments:add', [{ pageId, tag: 'banner', contents: 'Unknown tag', x: 1, y: 1 }], /tag/],
    [
      'comments:add',
      [{ pageId, tag: 'main', contents: 'Sneaky', x: 1, y: 1, reviewerId: comment.reviewerId }],
      /reviewerId/,
    ],
    ['comments:add', [{ pageId, tag: 'main', contents: 'NaN', x: '10', y: 10 }], /\bx\b/],
    ['comments:edit', [comment.id, { contents: 7 }], /contents/],
    ['comments:setStatus', [comment.id, 'done'], /./],
    ['comments:move', [comment.id, 50], /./],
    ['pages:rename', ['not-an-id', 'New name'], /Expected an id/],
    ['pages:move', [pageId, 1.5], /./],
    ['designs:open', [seeded.id, 'extra'], /./],
  ];
  for (const [channel, args, mentions] of calls) {
    const answer = await callFromPage(page, channel, args);
    const label = `${channel} ${JSON.stringify(args)}`;
    expect(answer.status, label).toBe(200);
    const body = answer.body as { ok: boolean; error: { code: string; message: string } };
    expect(body.ok, label).toBe(false);
    expect(body.error.code, label).toBe('invalid-argument');
    expect(body.error.message, label).toContain(`Bad arguments to ${channel}`);
    expect(body.error.message, label).toMatch(mentions);
  }

  // More than 40 MiB of bytes, from a caller that skips the renderer's own check (sent
  // from the test: a page takes long to post that much).
  const tooBig = await callBridge(crit, 'pages:add', [
    { designId: seeded.id, name: 'huge', bytes: wireBytes(Buffer.alloc(40 * 1024 * 1024 + 1)) },
  ]);
  expect(tooBig.status).toBe(200);
  // Refused as too large, in plain words: no schema path, no "Bad arguments" preamble.
  expect(tooBig.body).toEqual({
    ok: false,
    error: { code: 'too-large', message: 'Files over 40 MiB are not accepted.' },
  });

  // A body that is not JSON at all.
  const notJson = await page.evaluate(async () => {
    const r = await fetch('/api/designs:list', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${sessionStorage.getItem('crit-token')}`,
      },
      body: '{"this is": not json',
    });
    return { status: r.status, body: (await r.json()) as unknown };
  });
  expect(notJson).toEqual({
    status: 400,
    body: {
      ok: false,
      error: { code: 'invalid-argument', message: 'The request body is not valid JSON.' },
    },
  });

  expect(await snapshot(crit, seeded.id)).toEqual(before);
  await page.reload();
  await expect(design.title).toHaveText('Pricing');
  await expect(design.cards).toHaveCount(1);
  await expect(design.card(1)).toContainText('1 · list');
  await expect(design.card(1)).toContainText('Plans need a comparison table.');
  await expect(design.pinPosition(design.pin(1))).resolves.toEqual({ x: 20, y: 30 });
});

test('bridge calls naming ids that do not exist answer not-found and change nothing', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit);
  const { design: seeded, pages } = await seedDesign(crit, 'Onboarding', ['welcome']);
  await seedComment(crit, pages[0]!.id, 'Welcome copy is long.');
  await design.open(seeded.id);
  await expect(design.cards).toHaveCount(1);
  const before = await snapshot(crit, seeded.id);
  const nobody = crypto.randomUUID();

  const calls: [string, unknown[]][] = [
    ['designs:open', [nobody]],
    ['designs:rename', [nobody, 'Renamed']],
    ['designs:remove', [nobody]],
    ['pages:rename', [nobody, 'Renamed']],
    ['pages:remove', [nobody]],
    ['pages:move', [nobody, 0]],
    ['comments:list', [nobody]],
    ['comments:add', [{ pageId: nobody, tag: 'main', contents: 'Lost', x: 1, y: 1 }]],
    ['comments:setStatus', [nobody, 'resolved']],
    ['comments:edit', [nobody, { contents: 'Changed' }]],
    ['comments:remove', [nobody]],
    ['comments:reply', [nobody, 'Hello?']],
    ['comments:removeReply', [nobody]],
  ];
  for (const [channel, args] of calls) {
    const answer = await callFromPage(page, channel, args);
    const label = `${channel} ${JSON.stringify(args)}`;
    expect(answer.status, label).toBe(200);
    const body = answer.body as { ok: boolean; error: { code: string; message: string } };
    expect(body.ok, label).toBe(false);
    expect(body.error.code, label).toBe('not-found');
    expect(body.error.message, label).toMatch(/does not exist/);
  }

  expect(await snapshot(crit, seeded.id)).toEqual(before);

  // The app shows a missing design as an error, not a blank or broken screen.
  await page.goto(crit.routeUrl(`/designs/${nobody}`));
  await expect(design.alerts).toContainText('That design does not exist');
  await expect(design.pageButtons).toHaveCount(0);
});

test('an unknown bridge channel answers 404 unknown-channel', async ({ landing, page }) => {
  await landing.open();
  await expect(landing.headline).toBeVisible();
  for (const channel of ['designs:drop', 'nothing:here', 'designs', 'constructor:prototype']) {
    const answer = await callFromPage(page, channel, []);
    expect(answer.status, channel).toBe(404);
    expect(answer.body, channel).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect((answer.body as { error: { message: string } }).error.message, channel).toContain(
      'Unknown call',
    );
  }
  // A known channel answers through the same path, so the 404s above are about the name.
  const known = await callFromPage(page, 'designs:list', []);
  expect(known).toEqual({ status: 200, body: { ok: true, value: [] } });
});

test('without the access token the API answers 401, and images need the media key', async ({
  crit,
  design,
  page,
  browser,
  playwright,
}) => {
  const { design: seeded, pages } = await seedDesign(crit, 'Secret launch', ['teaser']);
  await design.open(seeded.id);
  await expect(design.image).toHaveAttribute('src', crit.mediaUrl(pages[0]!.img));
  const origin = crit.origin;
  expect(pages[0]!.img).toMatch(/^\/media\/images\/[0-9a-f]{64}\.png$/);

  // The page's own calls carry the token it holds; the image address carries the media key.
  const own = await callFromPage(page, 'designs:list', []);
  expect(own.status).toBe(200);
  expect((await page.request.get(`${origin}${crit.mediaUrl(pages[0]!.img)}`)).status()).toBe(200);

  // The browser context itself holds no credential: no cookie, so a bare request is refused.
  expect(await page.context().cookies()).toEqual([]);
  const bare = await page.request.post(`${origin}/api/designs:list`, {
    data: [],
    headers: { origin },
  });
  expect(bare.status()).toBe(401);
  expect(await bare.text()).not.toContain('Secret launch');

  const stranger = await playwright.request.newContext();
  const list = await stranger.post(`${origin}/api/designs:list`, { data: [], headers: { origin } });
  expect(list.status()).toBe(401);
  expect((await stranger.get(`${origin}${pages[0]!.img}`)).status()).toBe(401);
  const wrong = await stranger.post(`${origin}/api/designs:list?token=${crit.token}`, {
    data: [],
    headers: { origin },
  });
  expect(wrong.status()).toBe(401);
  await stranger.dispose();

  // A fresh browser opening the bare address gets the app's code but none of the data:
  // it says how to reconnect.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${origin}/`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Reconnect to Crit');
  await expect(other.getByText('npm run serve')).toBeVisible();
  await expect(other.getByText('Secret launch')).toHaveCount(0);
  await context.close();
});

test('a request naming another host is refused, even with the token', async ({ crit }) => {
  const url = new URL(crit.url);
  const get = (host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: Number(url.port),
          path: '/api/designs:list',
          method: 'POST',
          headers: {
            host,
            origin: `http://${host}`,
            authorization: `Bearer ${crit.token}`,
            'content-type': 'application/json',
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end('[]');
    });

  const evil = await get(`evil.test:${url.port}`);
  expect(evil.status).toBe(403);
  expect(JSON.parse(evil.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect((await get(`127.0.0.1:${Number(url.port) + 1}`)).status).toBe(403);
  // The same request with the server's own host name is answered.
  const own = await get(`127.0.0.1:${url.port}`);
  expect(own.status).toBe(200);
  expect(JSON.parse(own.body)).toEqual({ ok: true, value: [] });
});
