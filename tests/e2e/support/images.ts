import sharp from 'sharp';

/** A file for a file input or a drop, as Playwright takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A generated screenshot-like PNG: a coloured page with a darker header band, so pins
 * and thumbnails have something to sit on.
 */
export async function makePng(
  name: string,
  width = 1200,
  height = 1800,
  hue = 210,
): Promise<FilePayload> {
  const header = await sharp({
    create: {
      width,
      height: Math.round(height / 10),
      channels: 3,
      background: `hsl(${hue}, 40%, 30%)`,
    },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({
    create: { width, height, channels: 3, background: `hsl(${hue}, 50%, 92%)` },
  })
    .composite([{ input: header, top: 0, left: 0 }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
