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

/**
 * Reads an element map stored as JSON. A row that is not JSON or not a valid map gives
 * `undefined`, as for a page without a map: a damaged map must not stop a page from
 * opening, and without one the composer simply suggests no tag.
 */
export function parseStoredElementMap(json: string | null): ElementBox[] | undefined {
  if (json === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = elementMapSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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
  let best: ElementBox | null = null;
  for (const box of elements ?? []) {
    const inside = x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h;
    if (inside && (best === null || box.w * box.h < best.w * best.h)) best = box;
  }
  return best?.tag ?? null;
}
