import sharp, { type Metadata } from 'sharp';
import { CritError } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { ImageExt } from './image-store.ts';

/** Largest image file accepted: 40 MiB. */
export const MAX_IMAGE_BYTES = LIMITS.imageBytes;
/** Widest image accepted, in pixels. */
export const MAX_IMAGE_WIDTH = 10_000;
/** Tallest image accepted, in pixels (full-page screenshots are tall). */
export const MAX_IMAGE_HEIGHT = 40_000;
/** Most pixels accepted: 150 megapixels, about 600 MB once decoded. */
export const MAX_IMAGE_PIXELS = 150_000_000;

/** Thumbnails are this wide … */
export const THUMB_WIDTH = 480;
/** … and at most this tall, cut from the top of the page. */
export const THUMB_MAX_HEIGHT = 360;
/** Avatars are square, this many pixels a side. */
export const AVATAR_SIZE = 256;

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** What an accepted image is. Width and height are as displayed (EXIF orientation applied). */
export interface ImageInfo {
  format: ImageFormat;
  ext: ImageExt;
  width: number;
  height: number;
}

const EXT: Record<ImageFormat, ImageExt> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
const LABEL: Record<ImageFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The format the file's first bytes announce, or null. Decoding confirms it later. */
function sniff(bytes: Uint8Array): ImageFormat | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

// Rounded up, so a file just over a limit never reads as equal to it.
const roundUp = (n: number) => (Math.ceil(n * 10) / 10).toFixed(1);
const mib = (bytes: number) => `${roundUp(bytes / 1024 / 1024)} MB`;
const px = (n: number) => n.toLocaleString('en-US');

function decoder(bytes: Uint8Array) {
  // failOn 'error' refuses truncated and corrupt pixel data, not mere warnings such as an
  // odd colour profile; limitInputPixels backs up the explicit checks below.
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
}

/**
 * Checks that `bytes` are a whole PNG, JPEG or WebP image within the limits, decoding
 * every pixel so that a damaged or truncated file, or another kind of file with an image
 * name, is refused here rather than shown broken later.
 *
 * Refusals are `CritError('unsupported-file')` for files that are not a readable image
 * of those formats, and `CritError('too-large')` for files over a limit; both say which.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  if (!(bytes instanceof Uint8Array)) {
    throw new CritError('invalid-argument', 'An image must be given as bytes.');
  }
  if (bytes.byteLength === 0) {
    throw new CritError('unsupported-file', 'The file is empty (0 bytes), so it is not an image.');
  }
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new CritError(
      'too-large',
      `The file is ${mib(bytes.byteLength)}; Crit takes image files up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
    );
  }
  const format = sniff(bytes);
  if (!format) {
    throw new CritError(
      'unsupported-file',
      'The file is not a PNG, JPEG or WebP image. Crit takes images in those three formats.',
    );
  }
  const unreadable = () =>
    new CritError(
      'unsupported-file',
      `The file looks like a ${LABEL[format]} image but cannot be read: it is damaged or incomplete.`,
    );

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw unreadable();

  const { width: rawWidth, height: rawHeight } = metadata;
  const width = metadata.autoOrient?.width ?? rawWidth;
  const height = metadata.autoOrient?.height ?? rawHeight;
  if (width > MAX_IMAGE_WIDTH) {
    throw new CritError(
      'too-large',
      `The image is ${px(width)} px wide; Crit takes images up to ${px(MAX_IMAGE_WIDTH)} px wide.`,
    );
  }
  if (height > MAX_IMAGE_HEIGHT) {
    throw new CritError(
      'too-large',
      `The image is ${px(height)} px tall; Crit takes images up to ${px(MAX_IMAGE_HEIGHT)} px tall.`,
    );
  }
  if (rawWidth * rawHeight > MAX_IMAGE_PIXELS) {
    const mp = roundUp((rawWidth * rawHeight) / 1e6);
    throw new CritError(
      'too-large',
      `The image has ${mp} megapixels (${px(width)} × ${px(height)} px); Crit takes images up to ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  }

  try {
    // Asking for the last row makes the decoder go through every row before it (none of
    // the three formats can skip ahead), without holding the whole decoded image.
    await decoder(bytes)
      .extract({ left: 0, top: rawHeight - 1, width: rawWidth, height: 1 })
      .raw()
      .toBuffer();
  } catch {
    throw unreadable();
  }
  return { format, ext: EXT[format], width, height };
}

/**
 * A WebP thumbnail of an image already accepted by `inspectImage`: 480 px wide and at
 * most 360 px tall, cut from the top, because the top of a screenshot is what
 * identifies it.
 */
export async function makeThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  const { width, height } = await inspectDimensions(bytes);
  const scaledHeight = Math.max(1, Math.round((height * THUMB_WIDTH) / width));
  return decoder(bytes)
    .autoOrient()
    .resize({
      width: THUMB_WIDTH,
      height: Math.min(THUMB_MAX_HEIGHT, scaledHeight),
      fit: 'cover',
      position: 'top',
    })
    .webp({ quality: 80 })
    .toBuffer();
}

/** A square 256 × 256 WebP avatar, cropped around the centre of an accepted image. */
export async function makeAvatar(bytes: Uint8Array): Promise<Uint8Array> {
  return decoder(bytes)
    .autoOrient()
    .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer();
}

async function inspectDimensions(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const metadata = await decoder(bytes).metadata();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new CritError('unsupported-file', 'The image has no size.');
  return { width, height };
}
