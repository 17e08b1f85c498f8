/**
 * Which part of the screenshot gets pins: the part in view plus a margin, in percent of
 * the image's width and height (the pins' own coordinates). Worked out from the scroll
 * container's rectangle and the image's rectangle as drawn, so whatever scales the image
 * (zoom, a narrower window) is taken into account by reading them again.
 */
export interface PinWindow {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Pins are drawn this far beyond the view, as a fraction of the view's size each way: a
 * crowded page has over a thousand pins in one screenful, and each one drawn costs paint
 * on every change of the layer, a filter switch included.
 */
export const WINDOW_MARGIN = 0.25;
/** The window moves once the view, widened by this fraction, leaves it. */
export const WINDOW_SLACK = 0.1;

/** Any rectangle on screen (a DOMRect, or a plain one in tests). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The window around what `view` shows of `image`, widened by `margin` of the view's size
 * on each side; null while the image has no size yet (not laid out or not loaded).
 */
export function windowAround(image: Box, view: Box, margin = WINDOW_MARGIN): PinWindow | null {
  if (!(image.width > 0 && image.height > 0)) return null;
  const mx = view.width * margin;
  const my = view.height * margin;
  const x = (px: number) => ((px - image.left) / image.width) * 100;
  const y = (px: number) => ((px - image.top) / image.height) * 100;
  return {
    left: x(view.left - mx),
    top: y(view.top - my),
    right: x(view.left + view.width + mx),
    bottom: y(view.top + view.height + my),
  };
}

/** Whether `outer` holds all of `inner`. */
export function covers(outer: PinWindow, inner: PinWindow): boolean {
  return (
    outer.left <= inner.left &&
    outer.top <= inner.top &&
    outer.right >= inner.right &&
    outer.bottom >= inner.bottom
  );
}

/** Whether two windows are the same part of the image. */
export function sameWindow(a: PinWindow, b: PinWindow): boolean {
  return a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;
}

/** Whether a pin at x%, y% is drawn in `window`. */
export function inWindow(window: PinWindow, x: number, y: number): boolean {
  return x >= window.left && x <= window.right && y >= window.top && y <= window.bottom;
}

/** The part of `window` in view: the window without the margin `windowAround` added. */
export function viewOf(window: PinWindow, margin = WINDOW_MARGIN): PinWindow {
  const mx = ((window.right - window.left) * margin) / (1 + 2 * margin);
  const my = ((window.bottom - window.top) * margin) / (1 + 2 * margin);
  return {
    left: window.left + mx,
    top: window.top + my,
    right: window.right - mx,
    bottom: window.bottom - my,
  };
}
