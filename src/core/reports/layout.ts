/**
 * The printed page, in CSS pixels (96 per inch): A4 with 14 mm margins. Slices of a
 * screenshot are sized so one fits a printed page under its caption.
 */
export const PRINT = {
  pageWidthMm: 210,
  pageHeightMm: 297,
  marginMm: 14,
  /** Room above each slice for its caption. */
  captionPx: 44,
  /** A pin's diameter on paper. */
  pinPx: 22,
} as const;

const MM_TO_PX = 96 / 25.4;

/** The printable width and height of a page, in CSS pixels. */
export function contentBox(): { width: number; height: number } {
  return {
    width: Math.floor((PRINT.pageWidthMm - 2 * PRINT.marginMm) * MM_TO_PX),
    height: Math.floor((PRINT.pageHeightMm - 2 * PRINT.marginMm) * MM_TO_PX),
  };
}

/**
 * How a screenshot `imageWidth` pixels wide is printed: its width on paper, the tallest
 * band of it (in image pixels) that fits one page, and a pin's radius in image pixels.
 */
export function printScale(imageWidth: number): {
  displayWidth: number;
  maxSliceHeight: number;
  pinRadius: number;
} {
  const box = contentBox();
  const displayWidth = Math.min(box.width, imageWidth);
  const imagePxPerCssPx = imageWidth / displayWidth;
  return {
    displayWidth,
    maxSliceHeight: Math.floor((box.height - PRINT.captionPx) * imagePxPerCssPx),
    pinRadius: Math.ceil((PRINT.pinPx / 2 + 2) * imagePxPerCssPx),
  };
}
