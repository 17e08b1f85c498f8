import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSample } from '../../../../src/core/samples/build-sample.ts';
import { REMARKS, SAMPLES, resolveSample } from '../../../../src/core/samples/catalogue.ts';
import { openSample } from '../../../../src/core/samples/open-sample.ts';
import { createSampleElements } from '../../../../src/core/samples/sample-elements.ts';
import { suggestTag } from '../../../../src/shared/element-map.ts';
import { TAGS, type ElementBox, type Review } from '../../../../src/shared/domain.ts';

const RESOURCES = path.resolve(import.meta.dirname, '../../../../resources');
const NOW = Date.parse('2025-06-15T12:00:00.000Z');

/** A small deterministic generator (mulberry32), so a failing run can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shipped element maps, by screenshot address, read as the app reads them. */
const maps = new Map<string, ElementBox[]>();
const readMap = createSampleElements(RESOURCES);
beforeAll(async () => {
  const images = Object.values(SAMPLES).flatMap((s) => s.pages.map((p) => p.img));
  for (const img of images) {
    const map = await readMap(img);
    if (map) maps.set(img, map);
  }
});

const comments = (review: Review) => review.reviewers.flatMap((r) => r.comments);
const inside = (box: ElementBox, x: number, y: number) =>
  x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h;

describe.each(['netflix', 'gemini', 'other'])('sample pins of %s', (name) => {
  it('ships an element map for every screenshot', () => {
    for (const page of resolveSample(name).pages)
      expect(maps.get(page.img)?.length).toBeGreaterThan(5);
  });

  it('puts every pin inside an element of its tag, on its page, over 50 builds', async () => {
    let innermost = 0;
    let total = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const review = await openSample(name, readMap, { now: NOW, random: seeded(seed) });
      const imageOf = new Map(review.pages.map((p) => [p.id, p.img]));
      for (const c of comments(review)) {
        const map = maps.get(imageOf.get(c.pageId)!)!;
        const { x, y } = c.position;
        const boxes = map.filter((box) => box.tag === c.tag && inside(box, x, y));
        expect(boxes.length, `${c.tag} at ${x},${y} on ${imageOf.get(c.pageId)}`).toBeGreaterThan(
          0,
        );
        total++;
        if (suggestTag(map, x, y) === c.tag) innermost++;
      }
    }
    // Nearly every pin is where the composer would suggest that very tag.
    expect(innermost / total).toBeGreaterThan(0.9);
  });

  it('gives each comment a remark about its kind of element', async () => {
    const review = await openSample(name, readMap, { now: NOW, random: seeded(3) });
    for (const c of comments(review)) expect(REMARKS[c.tag]).toContain(c.contents);
  });

  it('still chooses tags at random: over many builds every tag appears', async () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const review = await openSample(name, readMap, { now: NOW, random: seeded(seed) });
      for (const c of comments(review)) seen.add(c.tag);
    }
    expect([...seen].sort()).toEqual([...TAGS].sort());
  });

  it('sends each page with its element map', async () => {
    const review = await openSample(name, readMap, { now: NOW, random: seeded(1) });
    for (const page of review.pages) expect(page.elements).toEqual(maps.get(page.img));
  });
});

describe('sample pins without maps', () => {
  it('places pins anywhere on the page when a screenshot has no map', async () => {
    const review = await openSample('gemini', async () => undefined, {
      now: NOW,
      random: seeded(9),
    });
    expect(comments(review)).toHaveLength(20);
    for (const page of review.pages) expect(page.elements).toBeUndefined();
  });

  it('never picks a tag no page has an element of', () => {
    // Only a nav on the first page: every comment must be a nav on that page.
    const only: ElementBox[] = [{ tag: 'nav', x: 10, y: 10, w: 20, h: 5 }];
    const review = buildSample('netflix', {
      now: NOW,
      random: seeded(4),
      elementsOf: (img) => (img === SAMPLES.netflix.pages[0]!.img ? only : undefined),
    });
    for (const c of comments(review)) {
      expect(c.tag).toBe('nav');
      expect(c.pageId).toBe(review.pages[0]!.id);
      expect(inside(only[0]!, c.position.x, c.position.y)).toBe(true);
    }
  });
});
