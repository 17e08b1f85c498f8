// Renders the sample mock-ups in resources/samples/src to the PNG screenshots, card
// previews and element maps the app ships, and the app icon from resources/icon.svg.
// Run with `npm run samples`; needs Chromium (CRIT_CHROMIUM or /usr/bin/chromium).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { ElementBox, Tag } from '../../src/shared/domain.ts';

const resourcesDir = path.resolve(import.meta.dirname, '..');
const samplesDir = path.join(resourcesDir, 'samples');
const srcDir = path.join(samplesDir, 'src');

const WIDTH = 1440;
const PREVIEW = { width: 640, height: 400 };

/** One full-page screenshot: the output name, its source file and an optional `?state`. */
interface Shot {
  name: string;
  file: string;
  state?: string;
}

const SHOTS: Shot[] = [
  { name: 'netflix-main', file: 'reelhouse-home.html' },
  // The pop-up is the same home page with its details dialog opened by the query.
  { name: 'netflix-main-pop-up', file: 'reelhouse-home.html', state: 'details' },
  { name: 'netflix-choice', file: 'reelhouse-choice.html' },
  { name: 'gemini-main', file: 'lumen-home.html' },
  { name: 'gemini-chat', file: 'lumen-chat.html' },
];

const PREVIEWS = [
  { name: 'netflix-preview', from: 'netflix-main' },
  { name: 'gemini-preview', from: 'gemini-main' },
];

/**
 * Palette-quantised PNG: the screenshots are flat UI, so 256 colours keep them small.
 * Half-strength dithering hides banding in the gradients without the noise of full dithering,
 * which roughly doubles the file size.
 */
function compressed(image: Sharp): Sharp {
  return image.png({ compressionLevel: 9, palette: true, quality: 90, dither: 0.5, effort: 10 });
}

/**
 * Measures the page's elements in the browser: every header, nav, main, footer, button,
 * form, image, list and `data-logo` element that is visible, as percentages of the full
 * page, largest first.
 */
export async function elementMap(page: Page): Promise<ElementBox[]> {
  return page.evaluate(() => {
    // Later rules win, so `a.button` counts as a button and `svg[data-logo]` as a logo.
    const rules: [Tag, string][] = [
      ['header', 'header'],
      ['nav', 'nav'],
      ['main', 'main'],
      ['footer', 'footer'],
      ['form', 'form'],
      ['list', 'ul, ol'],
      ['image', 'img, svg, picture'],
      ['button', 'button, [role=button], a.button'],
      ['logo', '[data-logo]'],
    ];
    const pageW = document.documentElement.scrollWidth;
    const pageH = document.documentElement.scrollHeight;
    const tags = new Map<Element, Tag>();
    for (const [tag, selector] of rules) {
      for (const el of document.querySelectorAll(selector)) tags.set(el, tag);
    }
    // Behind an open modal dialog, only what the dialog leaves mostly uncovered still counts.
    const dialog = document.querySelector('[aria-modal="true"]');
    const cover = dialog?.getClientRects().length ? dialog.getBoundingClientRect() : null;
    const pct = (v: number, of: number) => Math.round((v / of) * 10000) / 100;
    const boxes: ElementBox[] = [];
    for (const [el, tag] of tags) {
      // An icon inside a logo or a button is part of that element, not an image of its own.
      const host = el.parentElement?.closest('[data-logo], svg, button, [role=button], a.button');
      if (tag === 'image' && host) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width < 1 || r.height < 1 || style.visibility === 'hidden') continue;
      if (cover && !dialog?.contains(el)) {
        const overlapW = Math.max(0, Math.min(r.right, cover.right) - Math.max(r.left, cover.left));
        const overlapH = Math.max(0, Math.min(r.bottom, cover.bottom) - Math.max(r.top, cover.top));
        if (overlapW * overlapH > 0.5 * r.width * r.height) continue;
      }
      const x = Math.max(0, r.left + window.scrollX);
      const y = Math.max(0, r.top + window.scrollY);
      const w = Math.min(r.right + window.scrollX, pageW) - x;
      const h = Math.min(r.bottom + window.scrollY, pageH) - y;
      if (w < 1 || h < 1) continue;
      boxes.push({ tag, x: pct(x, pageW), y: pct(y, pageH), w: pct(w, pageW), h: pct(h, pageH) });
    }
    return boxes.sort((a, b) => b.w * b.h - a.w * a.h);
  });
}

/**
 * Renders every sample page to `resources/samples/<name>.png` and `<name>.elements.json`,
 * and returns the unquantised screenshots by name for the previews.
 */
export async function renderShots(): Promise<Map<string, Buffer>> {
  const shots = new Map<string, Buffer>();
  const browser = await chromium.launch({
    executablePath: process.env.CRIT_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    // The mock-ups are self-contained; anything reaching for the network is a mistake.
    await context.route(/^https?:/, (route) => route.abort());
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    for (const shot of SHOTS) {
      const url = pathToFileURL(path.join(srcDir, shot.file));
      if (shot.state) url.search = shot.state;
      await page.goto(url.href, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      if (errors.length > 0) throw new Error(`${shot.file}: ${errors[0]?.message}`);
      const png = await page.screenshot({ fullPage: true, animations: 'disabled' });
      shots.set(shot.name, png);
      const out = path.join(samplesDir, `${shot.name}.png`);
      const info = await compressed(sharp(png)).toFile(out);
      const elements = await elementMap(page);
      await writeFile(
        path.join(samplesDir, `${shot.name}.elements.json`),
        JSON.stringify(elements, null, 2) + '\n',
      );
      console.log(`${shot.name}.png ${info.width}×${info.height}, ${elements.length} elements`);
    }
  } finally {
    await browser.close();
  }
  return shots;
}

/** Cuts the top of each sample's main page into a 640×400 card preview. */
export async function renderPreviews(shots: Map<string, Buffer>): Promise<void> {
  const cropHeight = Math.round((WIDTH * PREVIEW.height) / PREVIEW.width);
  for (const { name, from } of PREVIEWS) {
    // Scale from the full-colour screenshot, not the quantised file, for smoother edges.
    const image = sharp(shots.get(from) ?? path.join(samplesDir, `${from}.png`))
      .extract({ left: 0, top: 0, width: WIDTH, height: cropHeight })
      .resize(PREVIEW.width, PREVIEW.height);
    await compressed(image).toFile(path.join(samplesDir, `${name}.png`));
    console.log(`${name}.png ${PREVIEW.width}×${PREVIEW.height}`);
  }
}

/** Rasterises `resources/icon.svg` to the 1024×1024 `resources/icon.png`. */
export async function renderIcon(): Promise<void> {
  await sharp(path.join(resourcesDir, 'icon.svg'), { density: 300 })
    .resize(1024, 1024)
    .png({ compressionLevel: 9 })
    .toFile(path.join(resourcesDir, 'icon.png'));
  console.log('icon.png 1024×1024');
}

if (import.meta.main) {
  await renderPreviews(await renderShots());
  await renderIcon();
}
