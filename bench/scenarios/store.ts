import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TAGS } from '../../src/shared/domain.ts';
import {
  addComments,
  listPageComments,
  openDataFolder,
  type NewComment,
} from '../../src/core/store/index.ts';
import { RawInserts } from '../lib/raw-inserts.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { commentText, seedDesign } from '../lib/seed.ts';
import { percentile, seededRandom, since } from '../lib/stats.ts';

const PAGES = 200;
const PER_PAGE = 500; // 100,000 comments
const READS = 2000;
const IMAGE = { hash: 'a'.repeat(64), thumbHash: 'b'.repeat(64), width: 1440, height: 10_000 };
const SEED = { name: 'Store bench', pages: PAGES, commentsPerPage: 0, reviewers: 50, image: IMAGE };

/**
 * 1. Store: 100,000 comments over 200 pages through `addComments`, one transaction per
 * page; then single-page reads through `listPageComments` against the same SELECT run
 * directly on node:sqlite.
 */
export async function storeScenario(runs: number, log: (s: string) => void): Promise<ResultRow[]> {
  const inserts: number[] = [];
  const rawInserts: number[] = [];
  const p50: number[] = [];
  const p99: number[] = [];
  const rawP50: number[] = [];
  const rawP99: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-bench-store-'));
    const folder = openDataFolder(dir);
    try {
      const random = seededRandom(1000 + run);
      const design = seedDesign(folder.db, random, SEED);
      const batches: NewComment[][] = design.pageIds.map((pageId) =>
        Array.from({ length: PER_PAGE }, (_, i) => ({
          pageId,
          reviewerId: design.reviewerIds[i % design.reviewerIds.length]!,
          tag: TAGS[Math.floor(random() * TAGS.length)]!,
          contents: commentText(random),
          x: Math.round(random() * 10_000) / 100,
          y: Math.round(random() * 10_000) / 100,
        })),
      );
      // Interleaved transaction by transaction with the baseline, so both see the same
      // load from whatever else runs on the machine.
      const raw = new RawInserts(1000 + run, SEED);
      const stampsOf = folder.db.prepare('SELECT id, created_hlc FROM comments WHERE page_id = ?');
      let critMs = 0;
      let rawMs = 0;
      try {
        for (const batch of batches) {
          const start = performance.now();
          const added = addComments(folder.db, batch);
          critMs += since(start);
          const rows = stampsOf.all(batch[0]!.pageId) as { id: string; created_hlc: string }[];
          rawMs += raw.write(added, new Map(rows.map((r) => [r.id, r.created_hlc])));
        }
      } finally {
        raw.close();
      }
      inserts.push(critMs);
      rawInserts.push(rawMs);

      const rawRead = folder.db.prepare(
        'SELECT * FROM comments WHERE page_id = ? ORDER BY number DESC',
      );
      const crit: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < 50; i++) {
        listPageComments(folder.db, design.pageIds[i % PAGES]!);
        rawRead.all(design.pageIds[i % PAGES]!);
      }
      for (let i = 0; i < READS; i++) {
        const pageId = design.pageIds[Math.floor(random() * PAGES)]!;
        // Alternate which goes first, so neither always reads a warmer cache.
        const order = i % 2 ? ['crit', 'raw'] : ['raw', 'crit'];
        for (const which of order) {
          const t = performance.now();
          if (which === 'crit') {
            if (listPageComments(folder.db, pageId).length !== PER_PAGE)
              throw new Error('bad read');
            crit.push(since(t));
          } else {
            if (rawRead.all(pageId).length !== PER_PAGE) throw new Error('bad read');
            direct.push(since(t));
          }
        }
      }
      p50.push(percentile(crit, 50));
      p99.push(percentile(crit, 99));
      rawP50.push(percentile(direct, 50));
      rawP99.push(percentile(direct, 99));
      log(
        `  store run ${run + 1}: insert ${inserts.at(-1)!.toFixed(0)} ms (raw ${rawInserts.at(-1)!.toFixed(0)}), read p50 ${p50.at(-1)!.toFixed(3)} / raw ${rawP50.at(-1)!.toFixed(3)} ms, p99 ${p99.at(-1)!.toFixed(3)} / raw ${rawP99.at(-1)!.toFixed(3)} ms`,
      );
    } finally {
      folder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const scenario = '1. Store';
  return [
    row({
      scenario,
      metric: 'insert 100,000 comments, 200 transactions',
      unit: 'ms',
      samples: inserts,
      baselineSamples: rawInserts,
      maxRatio: 1.2,
      note: 'baseline: the same rows and columns by one prepared INSERT, same transactions and durability',
    }),
    row({
      scenario,
      metric: 'page read (500 comments), p50',
      unit: 'ms',
      samples: p50,
      baselineSamples: rawP50,
      maxRatio: 1.5,
    }),
    row({
      scenario,
      metric: 'page read (500 comments), p99',
      unit: 'ms',
      samples: p99,
      baselineSamples: rawP99,
      max: 2,
      maxRatio: 1.5,
    }),
  ];
}
