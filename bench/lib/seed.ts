import type { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { TAGS } from '../../src/shared/domain.ts';
import {
  makeThumbnail,
  saveProfile,
  transaction,
  type DataFolder,
} from '../../src/core/store/index.ts';
import { seededUuid } from './stats.ts';

/**
 * A full-page screenshot stand-in: a tall PNG with bands, cards and text-like bars, so it
 * compresses and decodes like a real landing page rather than a flat colour.
 */
export async function makeScreenshot(
  width: number,
  height: number,
  random: () => number,
): Promise<Buffer> {
  const shapes: string[] = [];
  const hue = Math.floor(random() * 360);
  for (let top = 0; top < height; top += 600) {
    shapes.push(
      `<rect x="0" y="${top}" width="${width}" height="600" fill="hsl(${(hue + top / 50) % 360},40%,${85 - ((top / 600) % 3) * 8}%)"/>`,
    );
    for (let i = 0; i < 6; i++) {
      const x = Math.floor(random() * (width - 400));
      const y = top + 40 + Math.floor(random() * 440);
      shapes.push(
        `<rect x="${x}" y="${y}" width="${120 + Math.floor(random() * 280)}" height="${20 + Math.floor(random() * 100)}" rx="8" fill="hsl(${Math.floor(random() * 360)},55%,55%)"/>`,
      );
    }
    for (let line = 0; line < 8; line++) {
      shapes.push(
        `<rect x="80" y="${top + 60 + line * 28}" width="${200 + Math.floor(random() * 700)}" height="10" fill="#333" opacity="0.6"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer();
}

const WORDS =
  'the button label is vague and the contrast of this header feels low while spacing around the nav could be tighter consider a clearer call to action here footer links look cramped image crops the face form fields need labels list items misalign logo is blurry'.split(
    ' ',
  );

/** A comment text of 6–30 words. */
export function commentText(random: () => number): string {
  const n = 6 + Math.floor(random() * 25);
  const words = Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]!);
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

/** What a seeded design holds. */
export interface SeededDesign {
  id: string;
  pageIds: string[];
  reviewerIds: string[];
  /** Comments per page, in page order. */
  perPage: number[];
  /** Where each page's pins are (percent of the image), in page order. */
  points: { x: number; y: number }[][];
}

/** Stores one screenshot (and its thumbnail) in the image store; returns what a page row needs. */
export async function storeScreenshot(
  folder: DataFolder,
  png: Buffer,
): Promise<{ hash: string; thumbHash: string; width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(png, { limitInputPixels: false }).metadata();
  const hash = await folder.images.put(png, 'png');
  const thumbHash = await folder.images.put(await makeThumbnail(png), 'webp');
  return { hash, thumbHash, width, height };
}

/** Makes the local profile, so the workspace opens without asking for one. */
export async function seedProfile(folder: DataFolder): Promise<string> {
  const profile = await saveProfile(folder.db, folder.images, { name: 'Bench User', role: 'peer' });
  return profile.reviewerId;
}

/**
 * Writes a design straight into the database in one transaction: `pages` pages showing
 * `image`, `reviewers` new reviewers, and `commentsPerPage` comments on each page spread
 * over the reviewers, with creation times over the last 60 days. Fast enough for
 * hundreds of thousands of rows; the measured insert path is `addComments`.
 */
export function seedDesign(
  db: DatabaseSync,
  random: () => number,
  spec: {
    name: string;
    pages: number;
    commentsPerPage: number;
    reviewers: number;
    image: { hash: string; thumbHash: string; width: number; height: number };
  },
): SeededDesign {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const stamp = (ms: number) => `${String(ms).padStart(15, '0')}.000000.bench`;
  const designId = seededUuid(random);
  const pageIds = Array.from({ length: spec.pages }, () => seededUuid(random));
  const reviewerIds = Array.from({ length: spec.reviewers }, () => seededUuid(random));
  const points: { x: number; y: number }[][] = [];
  transaction(db, () => {
    db.prepare(
      `INSERT INTO designs (id, name, description, created_at, updated_at, created_hlc,
         updated_hlc) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      designId,
      spec.name,
      'Generated for the benchmarks',
      iso(now),
      iso(now),
      stamp(now),
      stamp(now),
    );
    const page = db.prepare(
      `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
         thumb_hash, elements, created_at, updated_at, created_hlc, updated_hlc)
       VALUES (?, ?, ?, ?, ?, 'png', ?, ?, ?, NULL, ?, ?, ?, ?)`,
    );
    pageIds.forEach((id, i) =>
      page.run(
        id,
        designId,
        `page ${i + 1}`,
        i,
        spec.image.hash,
        spec.image.width,
        spec.image.height,
        spec.image.thumbHash,
        iso(now),
        iso(now),
        stamp(now),
        stamp(now),
      ),
    );
    const reviewer = db.prepare(
      `INSERT INTO reviewers (id, name, role, avatar_hash, created_at, created_hlc, updated_hlc)
       VALUES (?, ?, ?, NULL, ?, ?, ?)`,
    );
    reviewerIds.forEach((id, i) =>
      reviewer.run(
        id,
        `Reviewer ${String(i + 1).padStart(2, '0')}`,
        i % 5 ? 'peer' : 'expert',
        iso(now),
        stamp(now),
        stamp(now),
      ),
    );
    const comment = db.prepare(
      `INSERT INTO comments (id, design_id, page_id, reviewer_id, tag, contents, x, y, status,
         created_at, updated_at, created_hlc, updated_hlc, number)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const pageId of pageIds) {
      const pagePoints: { x: number; y: number }[] = [];
      points.push(pagePoints);
      const rows: [string, string, string, string, string, number, number, string, number][] = [];
      for (let i = 0; i < spec.commentsPerPage; i++) {
        const at = now - Math.floor(random() * 60 * 86_400_000);
        rows.push([
          seededUuid(random),
          reviewerIds[i % reviewerIds.length]!,
          TAGS[Math.floor(random() * TAGS.length)]!,
          commentText(random),
          '',
          Math.round(random() * 10_000) / 100,
          Math.round(random() * 10_000) / 100,
          random() < 0.2 ? 'resolved' : 'open',
          at,
        ]);
      }
      // Pin numbers are the place in creation order, as Crit gives them.
      rows.sort((a, b) => a[8] - b[8] || (a[0] < b[0] ? -1 : 1));
      for (const row of rows) pagePoints.push({ x: row[5], y: row[6] });
      rows.forEach(([id, reviewerId, tag, text, , x, y, status, at], index) =>
        comment.run(
          id,
          designId,
          pageId,
          reviewerId,
          tag,
          text,
          x,
          y,
          status,
          iso(at),
          iso(at),
          stamp(at),
          stamp(at),
          index + 1,
        ),
      );
    }
  });
  return {
    id: designId,
    pageIds,
    reviewerIds,
    points,
    perPage: pageIds.map(() => spec.commentsPerPage),
  };
}
