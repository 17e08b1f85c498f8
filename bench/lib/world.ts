import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDataFolder } from '../../src/core/store/index.ts';
import {
  makeScreenshot,
  seedDesign,
  seedProfile,
  storeScreenshot,
  type SeededDesign,
} from './seed.ts';
import { seededRandom } from './stats.ts';

/** The data the browser scenarios share: one data folder with four generated designs. */
export interface World {
  dataDir: string;
  /** The long landing page, 1440 × 10,000 px. */
  screenshot: Buffer;
  /** 1 page, 10,000 comments by 50 reviewers (scenario 2). */
  crowded: SeededDesign;
  /** Where the crowded page's pins are and whose they are, for the baseline page. */
  crowdedPoints: { x: number; y: number; r: number }[];
  /** 200 pages, 50,000 comments (scenario 3). */
  large: SeededDesign;
  /** 1 page with as many comments as one page of `large` (scenario 3's baseline). */
  single: SeededDesign;
  /**
   * 11 such pages: a small design in which ten switches each go to a page not seen
   * yet, as they do in `large` (a revisited page shows its comments before they load).
   */
  small: SeededDesign;
  cleanup(): void;
}

/** Generates the shared data folder (seeded, so every run sees the same data). */
export async function makeWorld(): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-bench-data-'));
  const folder = openDataFolder(dataDir);
  try {
    const random = seededRandom(42);
    await seedProfile(folder);
    const screenshot = await makeScreenshot(1440, 10_000, random);
    const image = await storeScreenshot(folder, screenshot);
    const crowded = seedDesign(folder.db, random, {
      name: 'Crowded landing page',
      pages: 1,
      commentsPerPage: 10_000,
      reviewers: 50,
      image,
    });
    const large = seedDesign(folder.db, random, {
      name: 'Large design',
      pages: 200,
      commentsPerPage: 250,
      reviewers: 50,
      image,
    });
    const single = seedDesign(folder.db, random, {
      name: 'One page',
      pages: 1,
      commentsPerPage: 250,
      reviewers: 50,
      image,
    });
    const small = seedDesign(folder.db, random, {
      name: 'Eleven pages',
      pages: 11,
      commentsPerPage: 250,
      reviewers: 50,
      image,
    });
    const reviewerIndex = new Map(crowded.reviewerIds.map((id, i) => [id, i]));
    const crowdedPoints = (
      folder.db
        .prepare('SELECT x, y, reviewer_id FROM comments WHERE page_id = ? ORDER BY reviewer_id')
        .all(crowded.pageIds[0]!) as unknown as { x: number; y: number; reviewer_id: string }[]
    ).map(({ x, y, reviewer_id }) => ({ x, y, r: reviewerIndex.get(reviewer_id)! }));
    folder.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return {
      dataDir,
      screenshot,
      crowded,
      crowdedPoints,
      large,
      single,
      small,
      cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    folder.close();
  }
}
