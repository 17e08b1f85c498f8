import sharp from 'sharp';

/** A decoded RGBA image with a pixel reader. */
export interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number];
}

/** Decodes a PNG for pixel checks. */
export async function readPixels(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png, { limitInputPixels: false })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** True when two colours are within `tolerance` on every channel. */
export function near(a: readonly number[], b: readonly number[], tolerance = 3): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
}
