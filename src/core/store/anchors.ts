import type { DatabaseSync } from 'node:sqlite';
import { parseStoredMappedElements, suggestElement } from '../../shared/element-map.ts';

/** Where a pin sits on its element: the element's selector and the pin's offset in it. */
export interface Anchor {
  selector: string;
  /** Fractions (0–1) of the element's width and height from its top-left corner. */
  x: number;
  y: number;
}

/**
 * The anchor of a pin at (x, y), in percent, on a page whose stored element map is
 * `elementsJson`: the smallest element under the pin that has a selector (a captured
 * page's map), or null (no map, a sample's map without selectors, nothing there).
 */
export function anchorAt(elementsJson: string | null, x: number, y: number): Anchor | null {
  const elements = parseStoredMappedElements(elementsJson)?.filter((e) => e.selector);
  const found = suggestElement(elements, x, y);
  if (!found?.element.selector) return null;
  return { selector: found.element.selector, x: found.offset.x, y: found.offset.y };
}

/**
 * Stores a comment's anchor for its pin at (x, y) on its page (inside the caller's
 * transaction), clearing whatever a re-capture said about the old one: a pin placed or
 * moved by hand starts afresh.
 */
export function writeAnchor(
  db: DatabaseSync,
  commentId: string,
  elementsJson: string | null,
  x: number,
  y: number,
): void {
  const anchor = anchorAt(elementsJson, x, y);
  db.prepare(
    `UPDATE comments SET anchor_selector = ?, anchor_x = ?, anchor_y = ?, anchor_gone = 0,
       shown_x = NULL, shown_y = NULL, shown_for = NULL WHERE id = ?`,
  ).run(anchor?.selector ?? null, anchor?.x ?? null, anchor?.y ?? null, commentId);
}
