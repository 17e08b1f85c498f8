import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  addPage,
  createDesign,
  openDataFolder,
  THUMB_MAX_HEIGHT,
  THUMB_WIDTH,
} from '../../src/core/store/index.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { makeScreenshot } from '../lib/seed.ts';
import { median, seededRandom, since } from '../lib/stats.ts';

const IMAGES = 20;

/**
 * 4. Import: 20 PNG screenshots of 1440 × 10,000 px through `addPage` (validation with
 * a full decode, hashing, durable storing, thumbnail), against sharp's own resize of the
 * same file to the thumbnail's size and nothing else.
 */
export async function imageImportScenario(
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const random = seededRandom(7);
  const files: Buffer[] = [];
  for (let i = 0; i < IMAGES; i++) files.push(await makeScreenshot(1440, 10_000, random));
  const perImage: number[] = [];
  const resizeOnly: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-bench-import-'));
    const folder = openDataFolder(dir);
    try {
      const design = createDesign(folder.db, { name: 'Import bench' });
      const crit: number[] = [];
      const bare: number[] = [];
      for (const [i, bytes] of files.entries()) {
        let t = performance.now();
        await sharp(bytes)
          .resize({ width: THUMB_WIDTH, height: THUMB_MAX_HEIGHT, fit: 'cover', position: 'top' })
          .webp({ quality: 80 })
          .toBuffer();
        bare.push(since(t));
        t = performance.now();
        await addPage(folder.db, folder.images, design.id, { name: `page ${i + 1}`, bytes });
        crit.push(since(t));
      }
      perImage.push(median(crit));
      resizeOnly.push(median(bare));
      log(
        `  import run ${run + 1}: ${perImage.at(-1)!.toFixed(0)} ms per image (resize alone ${resizeOnly.at(-1)!.toFixed(0)} ms)`,
      );
    } finally {
      folder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return [
    row({
      scenario: '4. Import 20 PNGs of 1440 × 10,000',
      metric: 'per image: validate, hash, store, thumbnail',
      unit: 'ms',
      samples: perImage,
      baselineSamples: resizeOnly,
      maxRatio: 1.5,
      note: 'baseline: sharp resizing the same file to the thumbnail alone',
    }),
  ];
}
