import { z } from 'zod';
import { TAGS, type Tag } from './tags.ts';

/** The most element boxes one page may carry. */
export const MAX_ELEMENTS = 5000;
// Coordinates come from layout arithmetic, so allow rounding dust at the edges.
const EDGE = 1e-6;

const percent = z.number().finite().min(0).max(100);

/** Where an element sits on a page, in percent of the image's width and height. */
export const elementBoxSchema = z
  .object({ tag: z.enum(TAGS), x: percent, y: percent, w: percent, h: percent })
  .refine((b) => b.x + b.w <= 100 + EDGE && b.y + b.h <= 100 + EDGE, {
    message: 'An element reaches outside the page.',
  })
  // Extra keys are dropped: the map is stored and sent as exactly these five.
  .transform(({ tag, x, y, w, h }) => ({ tag, x, y, w, h }));

/** A page's element map: up to 5000 boxes, each with a known tag and inside the page. */
export const elementMapSchema = z
  .array(elementBoxSchema)
  .max(MAX_ELEMENTS, `An element map holds at most ${MAX_ELEMENTS} boxes.`);

export type ElementBox = z.output<typeof elementBoxSchema>;

/** The longest selector a mapped element may carry. */
export const MAX_SELECTOR_LENGTH = 2000;

/**
 * A box of a captured page's map as the store keeps it: the five fields of a box and,
 * where the capture recorded one, the selector that finds the element again.
 */
export const mappedElementSchema = z
  .object({
    tag: z.enum(TAGS),
    x: percent,
    y: percent,
    w: percent,
    h: percent,
    selector: z.string().min(1).max(MAX_SELECTOR_LENGTH).optional(),
  })
  .refine((b) => b.x + b.w <= 100 + EDGE && b.y + b.h <= 100 + EDGE, {
    message: 'An element reaches outside the page.',
  })
  .transform(({ tag, x, y, w, h, selector }): MappedElement =>
    selector === undefined ? { tag, x, y, w, h } : { tag, x, y, w, h, selector },
  );

/** A stored element map with selectors: up to 5000 boxes. */
export const mappedElementMapSchema = z
  .array(mappedElementSchema)
  .max(MAX_ELEMENTS, `An element map holds at most ${MAX_ELEMENTS} boxes.`);

/** Parses stored JSON with `schema`; undefined for null, bad JSON or a bad map. */
function parseStored<T>(json: string | null, schema: z.ZodType<T>): T | undefined {
  if (json === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Reads an element map stored as JSON, as the renderer and packages see it: the five
 * fields of each box (selectors stay in the store). A row that is not JSON or not a
 * valid map gives `undefined`, as for a page without a map: a damaged map must not stop
 * a page from opening, and without one the composer simply suggests no tag.
 */
export function parseStoredElementMap(json: string | null): ElementBox[] | undefined {
  return parseStored(json, elementMapSchema);
}

/** Reads a stored element map with each element's selector, as a re-capture needs it. */
export function parseStoredMappedElements(json: string | null): MappedElement[] | undefined {
  return parseStored(json, mappedElementMapSchema);
}

/**
 * An element of a captured page: the box of the map plus, where the capture recorded
 * one, a CSS selector that finds the element again in a later capture of the same page.
 * Units follow the map it sits in (percent in a page's stored map, CSS pixels in a
 * capture result); the selector is optional so older maps stay valid.
 */
export interface MappedElement extends ElementBox {
  selector?: string;
}

/** The element a point falls on, and where inside it, as fractions (0–1) of its box. */
export interface SuggestedElement {
  element: MappedElement;
  /** The point's offset from the box's top-left corner, as fractions of its width and height. */
  offset: { x: number; y: number };
}

/** The smallest box holding (x, y); of two the same size, the first listed. */
function smallestAt<T extends ElementBox>(
  elements: readonly T[] | undefined,
  x: number,
  y: number,
): T | null {
  let best: T | null = null;
  for (const box of elements ?? []) {
    const inside = x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h;
    if (inside && (best === null || box.w * box.h < best.w * best.h)) best = box;
  }
  return best;
}

/**
 * The tag to suggest for a pin at (x, y), in percent: the smallest mapped element that
 * contains the point, since the innermost element is the one the reviewer means.
 */
export function suggestTag(
  elements: readonly ElementBox[] | undefined,
  x: number,
  y: number,
): Tag | null {
  return smallestAt(elements, x, y)?.tag ?? null;
}

/**
 * The smallest element under a point, with the point's offset inside it: what a comment
 * stores (tag, selector, offset) so a re-capture can move its pin with the element.
 * The point and the map must use the same units (pixels or percent); the offset is a
 * fraction of the box, so it survives the element changing size. A box with no width
 * (or height) gives an offset of 0 along that side. Null when no element holds the point.
 */
export function suggestElement(
  elements: readonly MappedElement[] | undefined,
  x: number,
  y: number,
): SuggestedElement | null {
  const element = smallestAt(elements, x, y);
  if (!element) return null;
  const fraction = (from: number, size: number) =>
    size > 0 ? Math.min(1, Math.max(0, from / size)) : 0;
  return {
    element,
    offset: { x: fraction(x - element.x, element.w), y: fraction(y - element.y, element.h) },
  };
}

/**
 * Converts a map in CSS pixels of a page `width` × `height` into the stored form, in
 * percent of the page, clipping each box to the page (a cut page loses what lies below
 * the cut) and dropping boxes left with nothing inside it.
 */
export function toPercentMap(
  elements: readonly MappedElement[],
  width: number,
  height: number,
): MappedElement[] {
  if (!(width > 0) || !(height > 0)) return [];
  const out: MappedElement[] = [];
  for (const box of elements) {
    const left = Math.max(0, box.x);
    const top = Math.max(0, box.y);
    const right = Math.min(width, box.x + box.w);
    const bottom = Math.min(height, box.y + box.h);
    if (right <= left || bottom <= top) continue;
    const pct = (v: number, of: number) => Math.min(100, (v / of) * 100);
    const mapped: MappedElement = {
      tag: box.tag,
      x: pct(left, width),
      y: pct(top, height),
      w: pct(right - left, width),
      h: pct(bottom - top, height),
    };
    // Percent arithmetic can land a hair past 100 at the far edge; keep inside the page.
    mapped.w = Math.min(mapped.w, 100 - mapped.x);
    mapped.h = Math.min(mapped.h, 100 - mapped.y);
    if (box.selector !== undefined) mapped.selector = box.selector;
    out.push(mapped);
  }
  return out;
}
