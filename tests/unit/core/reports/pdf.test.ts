// The PDF report, read back as a person would: its text with pdftotext, its pages as
// pictures with pdftoppm (Debian's poppler-utils, which CI installs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildHtmlReport } from '../../../../src/core/reports/export-report.ts';
import { printScale } from '../../../../src/core/reports/layout.ts';
import { planSlices } from '../../../../src/core/reports/slicing.ts';
import { createPdfPrinter } from '../../../../src/server/pdf-printer.ts';
import { modelWith, reportComment } from './fixtures.ts';

const HEIGHT = 20_000;
const WIDTH = 1440;
const printer = createPdfPrinter();
let dir = '';
let pdfFile = '';

/** Comments spread down the page, some right where a naive cut would fall. */
const comments = Array.from({ length: 24 }, (_, i) =>
  reportComment({
    number: i + 1,
    contents: `Finding ${i + 1} token${String(i + 1).padStart(3, '0')}`,
    x: 8 + ((i * 37) % 84),
    y: i % 3 === 0 ? (((i / 3 + 1) * 2000) / HEIGHT) * 100 - 0.01 : ((i * 811) % HEIGHT) / HEIGHT * 100,
    status: i % 4 === 0 ? 'resolved' : 'open',
  }),
);

const slices = planSlices(
  HEIGHT,
  printScale(WIDTH).maxSliceHeight,
  comments.map((c) => (c.y / 100) * HEIGHT),
  printScale(WIDTH).pinRadius,
);

function pdftotext(...args: string[]): string {
  return execFileSync('pdftotext', ['-layout', ...args, pdfFile, '-'], { encoding: 'utf8' });
}

/** Counts separate blobs of the pin colour on a page rendered to pixels. */
async function countPins(page: number): Promise<number> {
  const prefix = path.join(dir, `page-${page}`);
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-png', pdfFile, prefix]);
  const file = readdirSync(dir).find((f) => f.startsWith(`page-${page}-`) || f === `page-${page}.png`)!;
  const { data, info } = await sharp(path.join(dir, file)).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const pin = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!];
    // The pin fill, #c2185b, within antialiasing.
    if (r > 150 && g < 90 && b > 50 && b < 140) pin[i] = 1;
  }
  // The screenshot ends at the last row showing its banded background; badges in the
  // comment list below it share the pins' colour and are not pins.
  let imageBottom = 0;
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!];
    const near = (c: number[]) => Math.abs(r - c[0]!) + Math.abs(g - c[1]!) + Math.abs(b - c[2]!) < 12;
    const band = near([0xcf, 0xe8, 0xd5]) || near([0xf7, 0xe3, 0xc8]);
    if (band) imageBottom = Math.floor(i / width);
  }
  let blobs = 0;
  for (let start = 0; start < pin.length; start++) {
    if (pin[start] !== 1) continue;
    const stack = [start];
    pin[start] = 2;
    let size = 0;
    let top = height;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      top = Math.min(top, Math.floor(p / width));
      const [x, y] = [p % width, Math.floor(p / width)];
      // Neighbours within two pixels: a pin's digit and antialiasing split its fill.
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const q = ny * width + nx;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && pin[q] === 1) {
            pin[q] = 2;
            stack.push(q);
          }
        }
      }
    }
    // A pin's fill is dozens of pixels; stray antialiased pixels of its outline are not pins.
    if (size >= 20 && top < imageBottom) blobs++;
  }
  return blobs;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'crit-pdf-'));
  pdfFile = path.join(dir, 'report.pdf');
  const model = await modelWith(comments, HEIGHT, WIDTH);
  writeFileSync(pdfFile, await printer.print(await buildHtmlReport(model)));
}, 120_000);

afterAll(async () => {
  await printer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PDF report', () => {
  test('holds every comment text and number', () => {
    const text = pdftotext();
    for (const c of comments) {
      expect(text).toContain(`token${String(c.number).padStart(3, '0')}`);
      expect(text).toMatch(new RegExp(`\\b${c.number}\\s+nav · ${c.status}`));
    }
    expect(text).toContain('Checkout redesign');
    expect(text).toContain('24 comments on 1 page');
  });

  test('a 20,000 px screenshot gives a bounded number of pages, one slice to a page', () => {
    const info = execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    // A cover, one printed page per slice, and the comment list after them.
    expect(slices.length).toBeGreaterThan(5);
    expect(pages).toBeGreaterThanOrEqual(1 + slices.length);
    expect(pages).toBeLessThanOrEqual(1 + slices.length + 4);
    for (let i = 0; i < slices.length; i++) {
      expect(pdftotext('-f', String(i + 2), '-l', String(i + 2))).toContain(
        `Cart · part ${i + 1} of ${slices.length}`,
      );
    }
  });

  test('pins are drawn on the screenshot, each whole on exactly one page', async () => {
    let drawn = 0;
    for (let i = 0; i < slices.length; i++) {
      const s = slices[i]!;
      const expected = comments.filter((c) => {
        const y = (c.y / 100) * HEIGHT;
        return y >= s.top && y < s.bottom;
      }).length;
      const found = await countPins(i + 2);
      expect(found, `printed page ${i + 2}`).toBe(expected);
      drawn += found;
    }
    expect(drawn).toBe(comments.length);
  }, 60_000);
});
