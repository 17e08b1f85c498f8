/** A horizontal band of a screenshot, in image pixels: [top, bottom). */
export interface Slice {
  top: number;
  bottom: number;
}

/** Where a pin is drawn inside its slice, in percent of the slice's width and height. */
export interface PlacedPin<T> {
  pin: T;
  left: number;
  top: number;
}

/**
 * Cuts an image `height` pixels tall into bands of at most `maxHeight`, moving each cut
 * up so it does not run through a pin (a circle of `radius` around each of `pinYs`).
 * Where pins are so dense that no cut within the lower half of a band is free, the band
 * is cut at its full height and the pins it would split are drawn inside the slice
 * holding their centre (see `placePins`), so no pin is ever cut either way.
 */
export function planSlices(
  height: number,
  maxHeight: number,
  pinYs: readonly number[],
  radius: number,
): Slice[] {
  if (!(height > 0) || !(maxHeight > 0)) return [];
  const ys = [...pinYs].sort((a, b) => a - b);
  const straddling = (cut: number) => ys.filter((y) => y - radius < cut && cut < y + radius);
  const slices: Slice[] = [];
  let top = 0;
  while (top < height) {
    if (height - top <= maxHeight) {
      slices.push({ top, bottom: height });
      break;
    }
    const full = Math.floor(top + maxHeight);
    let cut = full;
    for (let hits = straddling(cut); hits.length > 0; hits = straddling(cut)) {
      cut = Math.floor(Math.min(...hits) - radius);
    }
    if (cut <= top + maxHeight / 2) cut = full;
    slices.push({ top, bottom: cut });
    top = cut;
  }
  return slices;
}

/**
 * Assigns each pin (with its position in percent of the whole image) to the slice that
 * holds its centre, and says where to draw it in that slice. A pin whose circle would
 * cross the slice's edge is nudged inside, so it prints whole.
 */
export function placePins<T extends { x: number; y: number }>(
  slices: readonly Slice[],
  pins: readonly T[],
  image: { width: number; height: number },
  radius: number,
): PlacedPin<T>[][] {
  const placed: PlacedPin<T>[][] = slices.map(() => []);
  for (const pin of pins) {
    const y = (pin.y / 100) * image.height;
    let index = slices.findIndex((s) => y >= s.top && y < s.bottom);
    if (index < 0) index = slices.length - 1;
    const slice = slices[index];
    if (!slice) continue;
    const sliceHeight = slice.bottom - slice.top;
    const inside = Math.min(Math.max(y - slice.top, radius), Math.max(radius, sliceHeight - radius));
    const x = Math.min(Math.max((pin.x / 100) * image.width, radius), image.width - radius);
    placed[index]!.push({
      pin,
      left: (x / image.width) * 100,
      top: (inside / sliceHeight) * 100,
    });
  }
  return placed;
}
