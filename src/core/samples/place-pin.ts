import { suggestTag, type ElementBox } from '../../shared/element-map.ts';
import type { Tag } from '../../shared/tags.ts';

/** Where a sample comment goes: its page's index and its point in percent. */
export interface PinPlace {
  page: number;
  x: number;
  y: number;
}

// Pins keep this fraction of their element's size away from its edges, so they read as
// pointing at the element rather than at its border.
const INSET = 0.15;
// Tries for a point whose innermost element is of the tag (a `main` box holds many
// smaller ones); past them the point is still inside an element of the tag.
const TRIES = 16;

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A percentage rounded to two decimals, kept within 0–100. */
function round(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value * 100) / 100));
}

/** A random point inside `box`, away from its edges. */
function pointIn(box: ElementBox, random: () => number): { x: number; y: number } {
  const x = box.x + box.w * (INSET + (1 - 2 * INSET) * random());
  const y = box.y + box.h * (INSET + (1 - 2 * INSET) * random());
  return { x: round(x), y: round(y) };
}

// Boxes too thin to hold a rounded point inside their inset are skipped.
const usable = (box: ElementBox) => box.w >= 0.1 && box.h >= 0.1;

/**
 * The tags a sample's comments can point at: those some page's map has an element of.
 * Empty when no page has a map.
 */
export function placeableTags(maps: readonly (readonly ElementBox[] | undefined)[]): Tag[] {
  const tags = new Set<Tag>();
  for (const map of maps) for (const box of map ?? []) if (usable(box)) tags.add(box.tag);
  return [...tags];
}

/**
 * Places a pin for a comment of `tag`: on a random page whose map has an element of that
 * tag, at a random point inside one such element, preferring a point whose innermost
 * element is of the tag (what the composer would suggest there). Null when no page has
 * an element of the tag.
 */
export function placePin(
  maps: readonly (readonly ElementBox[] | undefined)[],
  tag: Tag,
  random: () => number,
): PinPlace | null {
  const pages = maps.flatMap((map, page) =>
    (map ?? []).some((box) => box.tag === tag && usable(box)) ? [page] : [],
  );
  if (pages.length === 0) return null;
  const page = pick(pages, random);
  const map = maps[page] ?? [];
  const boxes = map.filter((box) => box.tag === tag && usable(box));
  let place: PinPlace | null = null;
  for (let i = 0; i < TRIES; i++) {
    const point = pointIn(pick(boxes, random), random);
    place = { page, ...point };
    if (suggestTag(map, point.x, point.y) === tag) break;
  }
  return place;
}
