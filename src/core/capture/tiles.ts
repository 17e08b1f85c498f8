import sharp from 'sharp';

/** The tallest screenshot tile, in device pixels (Chromium's texture limit is near it). */
export const MAX_TILE_HEIGHT = 8192;

/** One horizontal band of the page to screenshot, in CSS pixels. */
export interface Tile {
  y: number;
  height: number;
}

/** Cuts a page `height` tall into bands of at most `tileHeight`, top to bottom. */
export function planTiles(height: number, tileHeight: number = MAX_TILE_HEIGHT): Tile[] {
  if (!Number.isInteger(height) || height < 1) throw new RangeError('height must be ≥ 1');
  const step = Math.min(MAX_TILE_HEIGHT, Math.max(1, Math.floor(tileHeight)));
  const tiles: Tile[] = [];
  for (let y = 0; y < height; y += step) tiles.push({ y, height: Math.min(step, height - y) });
  return tiles;
}

/** A tile's screenshot: PNG bytes meant for the band at `y`. */
export interface TileImage extends Tile {
  png: Buffer;
}

/**
 * Stitches tiles into one PNG `width` × `height`. Every tile must have exactly the size
 * of its band, so a seam or a gap cannot slip through unseen. One tile is returned as it
 * came, saving a decode and an encode.
 */
export async function stitchTiles(
  width: number,
  height: number,
  tiles: readonly TileImage[],
): Promise<Buffer> {
  for (const tile of tiles) {
    const meta = await sharp(tile.png).metadata();
    if (meta.format !== 'png' || meta.width !== width || meta.height !== tile.height) {
      throw new Error(
        `A screenshot tile at ${tile.y} px is ${meta.width ?? '?'} × ${meta.height ?? '?'} ${meta.format ?? ''}, not ${width} × ${tile.height} png.`,
      );
    }
  }
  const covered = tiles.reduce((sum, t) => sum + t.height, 0);
  if (covered !== height) throw new Error(`The tiles cover ${covered} of ${height} px.`);
  if (tiles.length === 1) return tiles[0]!.png;
  return sharp({
    create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } },
    limitInputPixels: false,
  })
    .composite(tiles.map((t) => ({ input: t.png, top: t.y, left: 0 })))
    .png({ compressionLevel: 3 })
    .toBuffer();
}
