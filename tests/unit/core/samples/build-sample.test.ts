import { describe, expect, it } from 'vitest';
import { validate as isUuid } from 'uuid';
import { buildSample, COMMENTS_PER_REVIEWER } from '../../../../src/core/samples/build-sample.ts';
import { SAMPLE_REVIEWERS, SAMPLES } from '../../../../src/core/samples/catalogue.ts';
import { TAGS, type Review } from '../../../../src/shared/domain.ts';
import { relativeTime } from '../../../../src/shared/relative-time.ts';

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

const build = (name: string | undefined, seed = 1): Review =>
  buildSample(name, { now: NOW, random: seeded(seed) });

const allComments = (review: Review) => review.reviewers.flatMap((r) => r.comments);

describe('buildSample pages and titles', () => {
  it('gives netflix its three pages in order, each with a screenshot', () => {
    const review = build('netflix');
    expect(review.title).toBe('Netflix UI');
    expect(review.pages.map((p) => p.name)).toEqual(['main', 'main/pop-up', 'choice']);
    expect(review.pages.map((p) => p.img)).toEqual(SAMPLES.netflix.pages.map((p) => p.img));
    expect(new Set(review.pages.map((p) => p.img)).size).toBe(3);
  });

  it('gives gemini its two pages in order', () => {
    const review = build('gemini');
    expect(review.title).toBe('Gemini UI');
    expect(review.pages.map((p) => p.name)).toEqual(['main', 'chat']);
    expect(review.pages.map((p) => p.img)).toEqual(SAMPLES.gemini.pages.map((p) => p.img));
  });

  it.each([['something-else'], [''], ['Netflix'], ['__proto__'], [undefined]])(
    'falls back to one netflix main page for %j',
    (name) => {
      const review = build(name);
      expect(review.title).toBe('Netflix UI');
      expect(review.pages).toHaveLength(1);
      expect(review.pages[0]?.name).toBe('main');
      expect(review.pages[0]?.img).toBe(SAMPLES.netflix.pages[0]?.img);
      expect(review.pages[0]?.img).toMatch(/netflix-main\.png$/);
    },
  );

  it('does not let the fallback change the netflix catalogue entry', () => {
    build('unknown');
    expect(SAMPLES.netflix.pages).toHaveLength(3);
    expect(build('netflix').pages).toHaveLength(3);
  });
});

describe.each(['netflix', 'gemini', 'other'])('buildSample comments for %s', (name) => {
  it('has four reviewers with five comments each', () => {
    const review = build(name);
    expect(COMMENTS_PER_REVIEWER).toBe(5);
    expect(review.reviewers).toHaveLength(4);
    expect(review.reviewers.map((r) => r.name)).toEqual(SAMPLE_REVIEWERS.map((r) => r.name));
    for (const reviewer of review.reviewers) expect(reviewer.comments).toHaveLength(5);
    expect(allComments(review)).toHaveLength(20);
  });

  it('puts every comment on one of the pages, at a position on that page', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const review = build(name, seed);
      const pageIds = new Set(review.pages.map((p) => p.id));
      for (const comment of allComments(review)) {
        expect(pageIds.has(comment.pageId)).toBe(true);
        expect(comment.position.page).toBe(comment.pageId);
        expect(comment.position.x).toBeGreaterThanOrEqual(0);
        expect(comment.position.x).toBeLessThanOrEqual(100);
        expect(comment.position.y).toBeGreaterThanOrEqual(0);
        expect(comment.position.y).toBeLessThanOrEqual(100);
        expect(TAGS).toContain(comment.tag);
        expect(comment.contents.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps positions in range at the extremes of the random source', () => {
    for (const value of [0, 0.999999]) {
      const review = buildSample(name, { now: NOW, random: () => value });
      for (const comment of allComments(review)) {
        expect(comment.position.x).toBeGreaterThanOrEqual(0);
        expect(comment.position.x).toBeLessThanOrEqual(100);
        expect(comment.position.y).toBeGreaterThanOrEqual(0);
        expect(comment.position.y).toBeLessThanOrEqual(100);
        expect(TAGS).toContain(comment.tag);
        expect(Date.parse(comment.created_at)).toBeLessThan(NOW);
      }
    }
  });

  it('ties each comment to its reviewer', () => {
    const review = build(name);
    for (const reviewer of review.reviewers) {
      for (const comment of reviewer.comments) expect(comment.reviewerId).toBe(reviewer.id);
    }
  });

  it('uses distinct uuids for pages, reviewers and comments', () => {
    const review = build(name);
    const ids = [
      ...review.pages.map((p) => p.id),
      ...review.reviewers.map((r) => r.id),
      ...allComments(review).map((c) => c.id),
    ];
    for (const id of ids) expect(isUuid(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('builds fresh data on every call', () => {
    const first = build(name, 7);
    const second = build(name, 7);
    const idsOf = (review: Review) => [
      ...review.pages.map((p) => p.id),
      ...review.reviewers.map((r) => r.id),
      ...allComments(review).map((c) => c.id),
    ];
    const firstIds = new Set(idsOf(first));
    for (const id of idsOf(second)) expect(firstIds.has(id)).toBe(false);
  });

  it('sorts each reviewer’s comments newest first', () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const reviewer of build(name, seed).reviewers) {
        const times = reviewer.comments.map((c) => Date.parse(c.created_at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
    }
  });
});

describe('buildSample created_at', () => {
  it('dates every comment in the past with valid ISO timestamps', () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const comment of allComments(build('netflix', seed))) {
        const time = Date.parse(comment.created_at);
        expect(Number.isNaN(time)).toBe(false);
        expect(new Date(time).toISOString()).toBe(comment.created_at);
        expect(time).toBeLessThan(NOW);
        expect(relativeTime(comment.created_at, NOW)).toMatch(/ ago$/);
      }
    }
  });

  it('spreads relative times from seconds through minutes or hours to days', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const texts = allComments(build('gemini', seed)).map((c) => relativeTime(c.created_at, NOW));
      expect(texts).toContain('a few seconds ago');
      expect(texts.some((t) => /^(a minute|\d+ minutes|an hour|\d+ hours) ago$/.test(t))).toBe(
        true,
      );
      expect(texts.some((t) => /^(a day|\d+ days) ago$/.test(t))).toBe(true);
      // Nothing is older than a few weeks: the data is "recent".
      expect(texts.some((t) => /month|year/.test(t))).toBe(false);
    }
  });

  it('gives each reviewer a spread of ages, not one bucket each', () => {
    for (const reviewer of build('netflix', 3).reviewers) {
      const units = new Set(
        reviewer.comments.map((c) =>
          relativeTime(c.created_at, NOW)
            .replace(/^(a few |an? |\d+ )/, '')
            .replace(/s? ago$/, ''),
        ),
      );
      expect(units.size).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses the current time when no clock is given', () => {
    const before = Date.now();
    const review = buildSample('netflix');
    for (const comment of allComments(review)) {
      expect(Date.parse(comment.created_at)).toBeLessThanOrEqual(before + 1000);
      expect(Date.parse(comment.created_at)).toBeGreaterThan(before - 30 * 24 * 3600 * 1000);
    }
  });
});
