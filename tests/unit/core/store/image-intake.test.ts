import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import {
  AVATAR_SIZE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_HEIGHT,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_WIDTH,
  flattenAnimation,
  inspectImage,
  inspectImageWith,
  makeAvatar,
  makeThumbnail,
} from '../../../../src/core/store/image-intake.ts';
import { makeImage } from './helpers.ts';

/** The CritError an inspection of `bytes` fails with. */
async function refusal(bytes: Uint8Array): Promise<CritError> {
  try {
    await inspectImage(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(CritError);
    return error as CritError;
  }
  throw new Error('the image was accepted');
}

/** A copy of a PNG whose header claims another size (the pixel data stays small). */
function withClaimedSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8), then the IHDR chunk: length (4), type (4), width, height, … , CRC.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)), 29);
  return copy;
}

/** The mean of each channel over a region (sharp's `stats` ignores `extract`). */
async function meanColour(
  image: Uint8Array,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  const { data, info } = await sharp(image)
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = Array.from({ length: info.channels }, () => 0);
  data.forEach((value, i) => (sums[i % info.channels]! += value));
  return sums.map((sum) => sum / (data.length / info.channels));
}

describe('inspectImage', () => {
  it('accepts PNG, JPEG and WebP, reporting format, extension and size', async () => {
    await expect(inspectImage(await makeImage(640, 2000, 'png'))).resolves.toEqual({
      format: 'png',
      ext: 'png',
      width: 640,
      height: 2000,
      animated: false,
    });
    await expect(inspectImage(await makeImage(300, 200, 'jpeg'))).resolves.toEqual({
      format: 'jpeg',
      ext: 'jpg',
      width: 300,
      height: 200,
      animated: false,
    });
    await expect(inspectImage(await makeImage(120, 90, 'webp'))).resolves.toEqual({
      format: 'webp',
      ext: 'webp',
      width: 120,
      height: 90,
      animated: false,
    });
  });

  it('reports the size as displayed when EXIF rotates the image', async () => {
    const rotated = await sharp(await makeImage(200, 100, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    await expect(inspectImage(rotated)).resolves.toMatchObject({ width: 100, height: 200 });
  });

  it('refuses an empty file', async () => {
    const error = await refusal(new Uint8Array(0));
    expect(error.code).toBe('unsupported-file');
    expect(error.message).toMatch(/empty \(0 bytes\)/);
  });

  it('refuses a text file, whatever it is called', async () => {
    const error = await refusal(new TextEncoder().encode('Not an image, just notes.\n'));
    expect(error.code).toBe('unsupported-file');
    expect(error.message).toBe(
      'The file is not a PNG, JPEG or WebP image. Crit takes images in those three formats.',
    );
  });

  it('refuses other image formats (GIF, SVG)', async () => {
    const gif = await sharp(await makeImage(20, 20))
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const bytes of [gif, svg]) {
      expect((await refusal(bytes)).code).toBe('unsupported-file');
    }
  });

  it('refuses a truncated PNG and a truncated JPEG after trying to decode them', async () => {
    const png = await makeImage(400, 400, 'png');
    const jpeg = await makeImage(400, 400, 'jpeg');
    const brokenPng = await refusal(png.subarray(0, Math.floor(png.length * 0.7)));
    expect(brokenPng.code).toBe('unsupported-file');
    expect(brokenPng.message).toBe(
      'The file looks like a PNG image but cannot be read: it is damaged or incomplete.',
    );
    const brokenJpeg = await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.7)));
    expect(brokenJpeg.code).toBe('unsupported-file');
    expect(brokenJpeg.message).toMatch(/JPEG image but cannot be read/);
  });

  it('refuses an image wider than the limit, naming the size and the limit', async () => {
    const error = await refusal(await makeImage(MAX_IMAGE_WIDTH + 1, 4, 'png'));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe(
      'The image is 10,001 px wide; Crit takes images up to 10,000 px wide.',
    );
  });

  it('refuses an image taller than the limit', async () => {
    const error = await refusal(await makeImage(2, MAX_IMAGE_HEIGHT + 1, 'png'));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe(
      'The image is 40,001 px tall; Crit takes images up to 40,000 px tall.',
    );
  });

  it('refuses an image over the pixel limit before decoding it', async () => {
    const claimed = withClaimedSize(await makeImage(8, 8, 'png'), 10_000, 15_001);
    const error = await refusal(claimed);
    expect(error.code).toBe('too-large');
    expect(error.message).toBe(
      `The image has 150.1 megapixels (10,000 × 15,001 px); Crit takes images up to ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  });

  it('refuses a file over the size limit', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = await refusal(big);
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('The file is 40.1 MB; Crit takes image files up to 40 MB.');
  });
});

describe('inspectImageWith', () => {
  it('starts the work beside the decode only past the header, and a refusal wins over its failure', async () => {
    let started = 0;
    const failing = async () => {
      started++;
      throw new Error('the work beside failed');
    };
    // Not an image: refused at the header, before the work starts.
    await expect(
      inspectImageWith(new TextEncoder().encode('hello'), failing),
    ).rejects.toMatchObject({ code: 'unsupported-file' });
    expect(started).toBe(0);
    // A JPEG cut short passes its header, not the decode: the refusal is what is said.
    const jpeg = await makeImage(400, 300, 'jpeg');
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.7));
    await expect(inspectImageWith(cut, failing)).rejects.toThrow(/JPEG image but cannot be read/);
    expect(started).toBe(1);
    // A whole image: the work's own failure, or else its result.
    await expect(inspectImageWith(jpeg, failing)).rejects.toThrow('the work beside failed');
    const { info, result } = await inspectImageWith(jpeg, async (i) => i.width * i.height);
    expect(info).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(result).toBe(120_000);
  });
});

describe('makeThumbnail', () => {
  it('makes a 480 px wide WebP cut from the top of a tall screenshot', async () => {
    // 960 × 4000: the top 720 px are red, the rest blue. Scaled by half, the top 720 px
    // fill the whole 360 px thumbnail, so a thumbnail from the top is all red.
    const page = await sharp({
      create: { width: 960, height: 4000, channels: 3, background: '#0000ff' },
    })
      .composite([
        {
          input: { create: { width: 960, height: 720, channels: 3, background: '#ff0000' } },
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const thumb = await makeThumbnail(page);
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const bottomRow = await meanColour(thumb, { left: 0, top: 355, width: 480, height: 5 });
    expect(bottomRow[0]).toBeGreaterThan(200);
    expect(bottomRow[2]).toBeLessThan(50);
  });

  it('keeps the whole image when it is short, and enlarges small ones to 480 wide', async () => {
    const wide = await sharp(await makeThumbnail(await makeImage(1440, 600, 'jpeg'))).metadata();
    expect([wide.width, wide.height]).toEqual([480, 200]);
    const small = await sharp(await makeThumbnail(await makeImage(240, 100, 'webp'))).metadata();
    expect([small.width, small.height]).toEqual([480, 200]);
  });
});

describe('makeAvatar', () => {
  it('makes a square WebP', async () => {
    const meta = await sharp(await makeAvatar(await makeImage(300, 500, 'jpeg'))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  });
});

/** A JPEG of `width` × `height` stored pixels whose first stored column is red. */
async function rotatedJpeg(width: number, height: number, orientation: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: 10, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

describe('bounded derivatives of rotated and odd-shaped images', () => {
  it('cuts the thumbnail from the top as displayed (EXIF orientation 6 turns the left to the top)', async () => {
    const thumb = await makeThumbnail(await rotatedJpeg(400, 300, 6));
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 480, height: 360 });
    const top = await meanColour(thumb, { left: 0, top: 0, width: 480, height: 4 });
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    const below = await meanColour(thumb, { left: 0, top: 40, width: 480, height: 4 });
    expect(below[0]).toBeLessThan(60);
  });

  it('makes a 480 × 360 thumbnail and a 256 px avatar of a 10 px wide sliver', async () => {
    const sliver = await rotatedJpeg(40_000, 10, 6);
    expect(await inspectImage(sliver)).toMatchObject({ width: 10, height: 40_000 });
    expect(await sharp(await makeThumbnail(sliver)).metadata()).toMatchObject({
      width: 480,
      height: 360,
    });
    expect(await sharp(await makeAvatar(sliver)).metadata()).toMatchObject({
      width: 256,
      height: 256,
    });
  });

  it('refuses a rotated image whose displayed height is over the limit, before decoding', async () => {
    const error = await refusal(await rotatedJpeg(MAX_IMAGE_HEIGHT + 1, 10, 8));
    expect(error.message).toBe(
      'The image is 40,001 px tall; Crit takes images up to 40,000 px tall.',
    );
  });
});

describe('animated images', () => {
  const frame = (colour: string) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it('reports an animated WebP and flattens it to its first frame', async () => {
    const animated = await sharp([await frame('#00ff00'), await frame('#ff0000')], {
      join: { animated: true },
    })
      .webp()
      .toBuffer();
    const info = await inspectImage(animated);
    expect(info).toMatchObject({ format: 'webp', animated: true, width: 20, height: 10 });
    const still = await flattenAnimation(animated, info);
    const meta = await sharp(still).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 20, height: 10 });
    expect(meta.pages ?? 1).toBe(1);
    const { channels } = await sharp(still).stats();
    expect(channels[1]!.mean).toBeGreaterThan(200); // green: the first frame
    expect(channels[0]!.mean).toBeLessThan(40);
  });
});
