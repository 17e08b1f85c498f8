import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captureWith } from '../../../src/core/capture/index.ts';
import { openPlaywrightCapture } from '../../../src/server/capture-driver.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { html, pngRoute, startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { near, readPixels } from './pixels.ts';

const missing = chromiumMissing();
const RED = [255, 0, 0];
const GREEN = [0, 160, 0];

/** Stripe i of the seam page: a colour no neighbour shares. */
const stripe = (i: number) => [(i * 37) % 256, (i * 91) % 256, (i * 53 + 40) % 256];
const STRIPE = 5;

const pages = {
  '/sticky': html(`<!doctype html><title>Sticky</title><style>
    body { margin: 0; background: #fff; }
    header { position: sticky; top: 0; height: 80px; background: rgb(255,0,0); }
    section { height: 1000px; border-bottom: 1px solid #ddd; }
  </style><header></header>${'<section></section>'.repeat(5)}`),
  '/lazy': html(`<!doctype html><title>Lazy</title><style>
    body { margin: 0; } .gap { height: 5000px; } img { display: block; }
  </style>
  <div class="gap"></div><img id="native" loading="lazy" src="/green.png" width="200" height="200">
  <div class="gap"></div><img id="observed" data-src="/green.png?o" width="200" height="200">
  <script>
    const img = document.getElementById('observed');
    new IntersectionObserver((entries, obs) => {
      if (entries.some((e) => e.isIntersecting)) { img.src = img.dataset.src; obs.disconnect(); }
    }).observe(img);
  </script>`),
  '/stripes': html(`<!doctype html><title>Stripes</title><style>
    body { margin: 0; } div { height: ${STRIPE}px; }
  </style>${Array.from({ length: 24_000 / STRIPE }, (_, i) => `<div style="background:rgb(${stripe(i).join(',')})"></div>`).join('')}`),
  '/tall': html(`<!doctype html><title>Tall</title><style>body { margin: 0 }</style>
    <div style="height:50000px;background:linear-gradient(rgb(0,0,255),rgb(255,255,0))"></div>`),
};

describe.skipIf(missing)('capturePage in real Chromium', () => {
  let browser: Browser;
  let server: FixtureServer;
  const open = (target: { url: string; width: number }) => openPlaywrightCapture(browser, target);

  beforeAll(async () => {
    const green = await sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: 0, g: 160, b: 0 } },
    })
      .png()
      .toBuffer();
    server = await startFixtureServer({ ...pages, '/green.png': pngRoute(green, 150) });
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('a sticky header appears once, at the top of the full screenshot', async () => {
    const result = await captureWith(open, { url: server.url('/sticky'), width: 800 });
    expect(result.title).toBe('Sticky');
    expect(result.cut).toBe(false);
    expect(result.height).toBe(80 + 5 * 1001);
    const px = await readPixels(result.png);
    expect([px.width, px.height]).toEqual([800, 5085]);
    let redRows = 0;
    for (let y = 0; y < px.height; y++) if (near(px.at(400, y), RED)) redRows++;
    expect(redRows).toBe(80);
    expect(near(px.at(400, 0), RED) && near(px.at(400, 79), RED)).toBe(true);
    expect(near(px.at(400, 80), RED)).toBe(false);
    const header = result.elements.find((e) => e.tag === 'header');
    expect(header).toMatchObject({ x: 0, y: 0, w: 800, h: 80, selector: 'html > body > header' });
  });

  test('lazy images (loading=lazy and IntersectionObserver) are loaded before the screenshot', async () => {
    const result = await captureWith(open, { url: server.url('/lazy'), width: 600 });
    const px = await readPixels(result.png);
    expect(result.warnings).toEqual([]);
    const images = result.elements.filter((e) => e.tag === 'image');
    expect(images.map((e) => [e.selector, e.y])).toEqual([
      ['#native', 5000],
      ['#observed', 10_200],
    ]);
    for (const image of images) {
      expect(near(px.at(image.x + 100, image.y + 100), GREEN)).toBe(true);
    }
  });

  test('a 24,000 px page is stitched from tiles without a seam', async () => {
    const result = await captureWith(open, {
      url: server.url('/stripes'),
      width: 300,
      totalTimeoutMs: 40_000,
    });
    expect([result.height, result.cut]).toEqual([24_000, false]);
    const px = await readPixels(result.png);
    expect(px.height).toBe(24_000);
    const wrong: number[] = [];
    for (let y = 0; y < px.height; y++) {
      if (!near(px.at(150, y), stripe(Math.floor(y / STRIPE)), 1)) wrong.push(y);
    }
    expect(wrong).toEqual([]);
    // The rows either side of each tile border, checked by name as well.
    for (const border of [8192, 16_384]) {
      for (const y of [border - 1, border, border + 1]) {
        expect(px.at(10, y)).toEqual(stripe(Math.floor(y / STRIPE)));
      }
    }
  }, 45_000);

  test('a page taller than 40,000 px is cut there, and the result says so', async () => {
    const result = await captureWith(open, { url: server.url('/tall'), width: 240 });
    expect(result).toMatchObject({ height: 40_000, pageHeight: 50_000, cut: true });
    expect(result.warnings.join(' ')).toMatch(/cut at 40,000 px/);
    const meta = await sharp(result.png, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([240, 40_000]);
  }, 30_000);
});

test.runIf(missing)(`capture tests in Chromium are skipped: ${missing ?? ''}`, () => {
  expect(missing).toBeTruthy();
});
