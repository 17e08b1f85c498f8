import type { ElementBox, Tag } from './domain.ts';

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
