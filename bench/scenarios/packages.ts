import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { exportDesign } from '../../src/core/packages/export-design.ts';
import { openPackage } from '../../src/core/packages/open-package.ts';
import { readPackage, type ReadPackage } from '../../src/core/packages/read-package.ts';
import { openDataFolder, transaction, type DataFolder } from '../../src/core/store/index.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { makeScreenshot, seedDesign, seedProfile, storeScreenshot } from '../lib/seed.ts';
import { signSeededDesign } from '../lib/signed-seed.ts';
import { seededRandom, since } from '../lib/stats.ts';

const SCENARIO = '8. Review package, 200 pages, 50,000 comments';

function tempFolder(): DataFolder & { remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-bench-pkg-'));
  const folder = openDataFolder(dir);
  return {
    ...folder,
    remove: () => (folder.close(), fs.rmSync(dir, { recursive: true, force: true })),
  };
}

/** The baseline of export: the same entries zipped by yazl alone, stored as Crit stores them. */
async function zipAlone(pkg: ReadPackage, manifest: Buffer, design: Buffer): Promise<number> {
  const t = performance.now();
  const zip = new yazl.ZipFile();
  zip.addBuffer(manifest, 'manifest.json', { compress: true });
  zip.addBuffer(design, 'design.json', { compress: true });
  for (const [name, image] of pkg.images) zip.addBuffer(image.bytes, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  Buffer.concat(chunks);
  return since(t);
}

/** The baseline of open: the same rows inserted by prepared statements, no merge, no checks. */
function insertAlone(folder: DataFolder, pkg: ReadPackage, thumb: string): number {
  const { db } = folder;
  const r = pkg.records;
  const t = performance.now();
  transaction(db, () => {
    const reviewer = db.prepare(
      `INSERT INTO reviewers (id, name, role, created_at, created_hlc, updated_hlc, sig, public_key)
       VALUES (?, ?, ?, '', ?, ?, ?, ?)`,
    );
    for (const p of r.reviewers)
      reviewer.run(p.id, p.name, p.role, p.created, p.updated, p.sig, p.publicKey);
    db.prepare(
      `INSERT INTO designs (id, name, description, created_at, updated_at, owner_id, created_hlc,
         updated_hlc, sig) VALUES (?, ?, ?, '', '', ?, ?, ?, ?)`,
    ).run(
      r.design.id,
      r.design.name,
      r.design.description,
      r.design.author,
      r.design.created,
      r.design.updated,
      r.design.sig,
    );
    const page = db.prepare(
      `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
         thumb_hash, elements, created_at, updated_at, created_hlc, updated_hlc, sig)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, '', '', ?, ?, ?)`,
    );
    for (const p of r.pages) {
      page.run(
        p.id,
        r.design.id,
        p.name,
        p.order,
        p.image.sha256,
        p.image.ext,
        p.image.width,
        p.image.height,
        thumb,
        p.created,
        p.updated,
        p.sig,
      );
    }
    const comment = db.prepare(
      `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y, created_at,
         updated_at, created_hlc, updated_hlc, sig) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, ?, ?)`,
    );
    for (const c of r.comments) {
      comment.run(
        c.id,
        r.design.id,
        c.pageId,
        c.author,
        c.tag,
        c.contents,
        c.x,
        c.y,
        c.created,
        c.updated,
        c.sig,
      );
    }
    const status = db.prepare(
      `UPDATE comments SET status = ?, status_by = ?, status_created = ?, status_updated = ?,
         status_sig = ? WHERE id = ?`,
    );
    for (const s of r.statuses) status.run(s.status, s.author, s.created, s.updated, s.sig, s.id);
  });
  return since(t);
}

/**
 * 8. Review packages: exporting the 200-page, 50,000-comment design (comments by 50
 * reviewers, signed by them) against zipping the same entries with yazl alone; opening
 * the package on a fresh data folder against inserting the same rows with prepared
 * statements and no merge logic. How much of the opening is reading and checking the
 * package (`readPackage`: inflating, hashes, schemas, image decode) is reported beside.
 */
export async function packagesScenario(
  runs: number,
  log: (s: string) => void,
): Promise<ResultRow[]> {
  const home = tempFolder();
  const random = seededRandom(8);
  const me = await seedProfile(home);
  const image = await storeScreenshot(home, await makeScreenshot(1440, 10_000, random));
  const design = seedDesign(home.db, random, {
    name: 'Large design',
    pages: 200,
    commentsPerPage: 250,
    reviewers: 50,
    image,
  });
  signSeededDesign(home.db, design, me);
  const exported: number[] = [];
  const zipped: number[] = [];
  const opened: number[] = [];
  const inserted: number[] = [];
  const reading: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      let t = performance.now();
      const pkg = await exportDesign(home, design.id, 'bench');
      exported.push(since(t));
      const read = await readPackage(Buffer.from(pkg.bytes));
      const manifest = Buffer.from(JSON.stringify(read.manifest, null, 2));
      zipped.push(await zipAlone(read, manifest, Buffer.from(JSON.stringify(read.records))));

      const away = tempFolder();
      const bare = tempFolder();
      try {
        await seedProfile(away);
        t = performance.now();
        const result = await openPackage(away, pkg.bytes);
        opened.push(since(t));
        if (!result.created || result.refused.length > 0)
          throw new Error('The package did not open cleanly.');
        t = performance.now();
        await readPackage(Buffer.from(pkg.bytes));
        reading.push(since(t));
        inserted.push(insertAlone(bare, read, image.thumbHash));
      } finally {
        away.remove();
        bare.remove();
      }
      log(
        `  packages run ${run + 1}: export ${exported.at(-1)!.toFixed(0)} ms (yazl alone ${zipped.at(-1)!.toFixed(0)}), open ${opened.at(-1)!.toFixed(0)} ms (inserts alone ${inserted.at(-1)!.toFixed(0)}, reading ${reading.at(-1)!.toFixed(0)}), ${(pkg.bytes.byteLength / 1024 / 1024).toFixed(1)} MB`,
      );
    }
  } finally {
    home.remove();
  }
  return [
    row({
      scenario: SCENARIO,
      metric: 'export',
      unit: 'ms',
      samples: exported,
      baselineSamples: zipped,
      maxRatio: 1.5,
      note: 'baseline: the same entries zipped by yazl alone',
    }),
    row({
      scenario: SCENARIO,
      metric: 'open on a new data folder',
      unit: 'ms',
      samples: opened,
      baselineSamples: inserted,
      maxRatio: 1.5,
      note: 'baseline: the same rows inserted with no merge logic',
    }),
    row({
      scenario: SCENARIO,
      metric: '… of which reading and checking the package',
      unit: 'ms',
      samples: reading,
    }),
  ];
}
