/** The zoom steps of − and +, as scales (1 = 100 %, the screenshot's own pixels). */
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 1, 1.25, 1.5, 2] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** Scales this close count as equal, so a step from 99.9 % goes to 125 %, not 100 %. */
const EPSILON = 0.005;

/**
 * The lowest scale zooming may reach: 50 %, or the fit-to-width scale where that is
 * smaller (a wide screenshot in a narrow window), so zooming out never zooms in.
 */
export function lowestScale(fitScale: number): number {
  return Math.min(MIN_ZOOM, fitScale);
}

/** Keeps a scale within what zooming allows, given the fit-to-width scale. */
export function clampScale(scale: number, fitScale: number): number {
  if (!Number.isFinite(scale)) return fitScale;
  return Math.min(MAX_ZOOM, Math.max(lowestScale(fitScale), scale));
}

/**
 * The next step up (`direction` 1) or down (-1) from `scale`. Where there is none
 * (at 200 %, or below 50 % going down) the scale stays within its bounds.
 */
export function stepZoom(scale: number, direction: 1 | -1, fitScale: number): number {
  const next =
    direction > 0
      ? ZOOM_STEPS.find((step) => step > scale + EPSILON)
      : ZOOM_STEPS.findLast((step) => step < scale - EPSILON);
  return clampScale(next ?? scale, fitScale);
}

/**
 * The scale after a Ctrl+wheel or pinch movement of `deltaY` pixels (negative zooms in),
 * proportional to the movement so a trackpad's small deltas zoom smoothly.
 */
export function wheelZoom(scale: number, deltaY: number, fitScale: number): number {
  const delta = Math.max(-100, Math.min(100, deltaY));
  return clampScale(scale * Math.exp(-delta / 200), fitScale);
}

/** A zoom level as people read it: "63 %". */
export function zoomLabel(scale: number): string {
  return `${Math.round(scale * 100)} %`;
}

/** A box on screen (a DOMRect's fields). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the image point under `anchor` (client coordinates) sits, as fractions of the
 * image's box, so that after zooming it can be brought back under the same spot.
 */
export function anchorFraction(
  image: Box,
  anchor: { x: number; y: number },
): { fx: number; fy: number } {
  return {
    fx: image.width > 0 ? (anchor.x - image.left) / image.width : 0,
    fy: image.height > 0 ? (anchor.y - image.top) / image.height : 0,
  };
}

/**
 * How far to scroll so the image point at fractions `fx`/`fy` of the new image box lands
 * under `anchor` again (add the result to the scroll position).
 */
export function scrollCorrection(
  image: Box,
  fraction: { fx: number; fy: number },
  anchor: { x: number; y: number },
): { dx: number; dy: number } {
  return {
    dx: image.left + fraction.fx * image.width - anchor.x,
    dy: image.top + fraction.fy * image.height - anchor.y,
  };
}
