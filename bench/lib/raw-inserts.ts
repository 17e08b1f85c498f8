import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StatementSync } from 'node:sqlite';
import type { Comment } from '../../src/shared/domain.ts';
import { openDataFolder, transaction, type DataFolder } from '../../src/core/store/index.ts';
import { seedDesign } from './seed.ts';
import { seededRandom, since } from './stats.ts';

/**
 * The store bench's insert baseline: a second data folder of the same schema and
 * durability (WAL, `synchronous=FULL`), seeded with the same design, pages and reviewers,
 * into which `write` puts the same rows (every column Crit writes: ids, texts, positions,
 * times, clock stamps, pin numbers) by one prepared INSERT, one transaction per call.
 */
export class RawInserts {
  readonly #dir: string;
  readonly #folder: DataFolder;
  readonly #insert: StatementSync;
  readonly #designId: string;

  constructor(seed: number, options: Parameters<typeof seedDesign>[2]) {
    this.#dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-bench-raw-'));
    this.#folder = openDataFolder(this.#dir);
    this.#designId = seedDesign(this.#folder.db, seededRandom(seed), options).id;
    this.#insert = this.#folder.db.prepare(
      `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y, status,
         created_at, updated_at, created_hlc, updated_hlc, number)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Writes `comments` with their stamps in one transaction; returns the time it took. */
  write(comments: readonly Comment[], stamps: ReadonlyMap<string, string>): number {
    // Everything but the INSERT itself is done before the clock starts.
    const rows = comments.map((c) => {
      const stamp = stamps.get(c.id);
      if (!stamp) throw new Error(`no stamp for comment ${c.id}`);
      if (c.number === undefined) throw new Error(`no pin number for comment ${c.id}`);
      const { id, pageId, reviewerId, tag, contents, position, status, created_at: at } = c;
      const { x, y } = position;
      return [
        id,
        this.#designId,
        pageId,
        reviewerId,
        tag,
        contents,
        x,
        y,
        status,
        at,
        at,
        stamp,
        stamp,
        c.number,
      ] as const;
    });
    const insert = this.#insert;
    const start = performance.now();
    transaction(this.#folder.db, () => {
      for (const r of rows) {
        insert.run(
          r[0],
          r[1],
          r[2],
          r[3],
          r[4],
          r[5],
          r[6],
          r[7],
          r[8],
          r[9],
          r[10],
          r[11],
          r[12],
          r[13],
        );
      }
    });
    return since(start);
  }

  close(): void {
    this.#folder.close();
    fs.rmSync(this.#dir, { recursive: true, force: true });
  }
}
