import { v4 as uuidv4 } from 'uuid';
import { TAGS, type Comment, type ElementBox, type Review, type Tag } from '../../shared/domain.ts';
import { REMARKS, SAMPLE_REVIEWERS, resolveSample } from './catalogue.ts';
import { placePin, placeableTags } from './place-pin.ts';

export const COMMENTS_PER_REVIEWER = 5;

/** Sources of time and chance, injectable so tests are repeatable. */
export interface SampleOptions {
  now?: number;
  random?: () => number;
  /** The element map shipped with a screenshot, by its address; pins are placed on it. */
  elementsOf?: (img: string) => readonly ElementBox[] | undefined;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Age bands, so relative times span seconds to days rather than clustering. */
const AGE_BANDS: [number, number][] = [
  [3 * SECOND, 40 * SECOND],
  [2 * MINUTE, 40 * MINUTE],
  [2 * HOUR, 20 * HOUR],
  [2 * DAY, 20 * DAY],
];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A percentage 0–100 rounded to two decimals. */
function percent(random: () => number): number {
  return Math.round(random() * 10000) / 100;
}

/**
 * Builds fresh mock data for a sample (SPEC A2): its pages, and four reviewers with
 * five comments each on random pages, tags and positions, newest first. Where the
 * screenshots have element maps, each pin lies inside an element of its comment's tag,
 * on a page that has one, and the text is a remark about that kind of element.
 */
export function buildSample(name: string | undefined, options: SampleOptions = {}): Review {
  const now = options.now ?? Date.now();
  const random = options.random ?? Math.random;
  const sample = resolveSample(name);
  const pages = sample.pages.map((p) => ({ id: uuidv4(), name: p.name, img: p.img }));
  const maps = pages.map((p) => options.elementsOf?.(p.img));
  const mapped = placeableTags(maps);
  // Tags with an element somewhere, so every pin can point at one; all of them without maps.
  const tags: readonly Tag[] = mapped.length > 0 ? TAGS.filter((t) => mapped.includes(t)) : TAGS;

  const reviewers = SAMPLE_REVIEWERS.map((person, r) => {
    const reviewerId = uuidv4();
    const comments: Comment[] = Array.from({ length: COMMENTS_PER_REVIEWER }, (_, c) => {
      const tag: Tag = pick(tags, random);
      const place = placePin(maps, tag, random);
      const page = place ? (pages[place.page] as (typeof pages)[number]) : pick(pages, random);
      const position = place
        ? { x: place.x, y: place.y, page: page.id }
        : { x: percent(random), y: percent(random), page: page.id };
      const [min, max] = AGE_BANDS[(r + c) % AGE_BANDS.length] as [number, number];
      const age = min + Math.floor(random() * (max - min));
      return {
        id: uuidv4(),
        contents: pick(REMARKS[tag] ?? [], random),
        created_at: new Date(now - age).toISOString(),
        reviewerId,
        pageId: page.id,
        tag,
        position,
        status: 'open',
        unread: false,
        replies: [],
      };
    });
    comments.sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { id: reviewerId, name: person.name, img: person.img, comments };
  });

  return { title: sample.title, pages, reviewers };
}
