import type { MappedElement } from '../../shared/element-map.ts';

/** A comment's anchor as stored: its pin, and where it sat inside its element. */
export interface AnchoredPin {
  id: string;
  /** The pin, in the same units as the maps (percent of the page for stored maps). */
  x: number;
  y: number;
  /** The selector of the element the pin was dropped on; absent for unanchored pins. */
  selector?: string;
  /** Where inside that element, as fractions (0–1) of its width and height. */
  offset?: { x: number; y: number };
}

/** Where a pin goes in the new capture. */
export interface RelocatedPin {
  id: string;
  x: number;
  y: number;
  /** 'moved': its element was found and the pin follows it; 'kept': no anchor, left as
   *  it was; 'element-gone': its element is not in the new capture, so it stays put. */
  outcome: 'moved' | 'kept' | 'element-gone';
}

/**
 * Says where each pin goes after a re-capture: a pin whose element is still found (by
 * its selector, in the new map) moves to the same offset inside the element's new box;
 * a pin whose element is gone stays where it was and says so; a pin without an anchor
 * stays. Pure: the maps and pins are not changed. Positions are clamped to 0–100 when
 * the maps are in percent (`percent`, the default).
 */
export function relocatePins(
  pins: readonly AnchoredPin[],
  newMap: readonly MappedElement[],
  percent = true,
): RelocatedPin[] {
  const bySelector = new Map<string, MappedElement>();
  for (const element of newMap) {
    // The first element listed for a selector wins, as in the map's own order.
    if (element.selector && !bySelector.has(element.selector)) {
      bySelector.set(element.selector, element);
    }
  }
  const clamp = (v: number) => (percent ? Math.min(100, Math.max(0, v)) : v);
  return pins.map((pin) => {
    if (!pin.selector || !pin.offset) return { id: pin.id, x: pin.x, y: pin.y, outcome: 'kept' };
    const element = bySelector.get(pin.selector);
    if (!element) return { id: pin.id, x: pin.x, y: pin.y, outcome: 'element-gone' };
    return {
      id: pin.id,
      x: clamp(element.x + pin.offset.x * element.w),
      y: clamp(element.y + pin.offset.y * element.h),
      outcome: 'moved',
    };
  });
}
