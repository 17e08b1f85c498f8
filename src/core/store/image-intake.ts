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
  /** An animated PNG or WebP; it is stored as its first frame (see `flattenAnimation`). */
  animated: boolean;
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

/**
 * How every decode reads a file: refuse corrupt data rather than show it half-drawn,
 * never more pixels than the limit (a second guard behind the header check), and read
 * top to bottom so that only a few rows are held at a time where the work allows it.
 * Only the first frame of an animation is ever decoded.
 */
function decoder(bytes: Uint8Array) {
  return sharp(bytes, {
    failOn: 'error',
    limitInputPixels: MAX_IMAGE_PIXELS,
    sequentialRead: true,
    pages: 1,
  });
}

/**
 * Walks a PNG's chunks: whether it has an animation control chunk (APNG, which must
 * come before IDAT), and whether the walk reaches IEND inside the file (a PNG cut
 * anywhere, even after its last row, does not).
 */
function walkPng(bytes: Uint8Array): { animated: boolean; complete: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let animated = false;
  let pixels = false;
  for (let at = 8; at + 12 <= bytes.byteLength;) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'acTL' && !pixels) animated = true;
    if (type === 'IDAT') pixels = true;
    at += 12 + length;
    if (type === 'IEND') return { animated, complete: at <= bytes.byteLength };
  }
  return { animated, complete: false };
}

const refuseSize = (what: string, size: number, limit: number, unit: string) =>
  new CritError(
    'too-large',
    `The image is ${px(size)} px ${what}; Crit takes images up to ${px(limit)} px ${unit}.`,
  );

/**
 * Checks everything that can be known without decoding pixels: the file size, the
 * format its first bytes announce, and the dimensions its header declares, both as
 * stored and as displayed (EXIF orientations 5–8 swap the sides). Cheap whatever the
 * file claims, so a decompression bomb is refused here, before any decode starts.
 */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageInfo> {
  return (await readHeader(bytes)).info;
}

async function readHeader(
  bytes: Uint8Array,
): Promise<{ info: ImageInfo; rawWidth: number; rawHeight: number }> {
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
  let metadata: Metadata;
  try {
    // Reads the header only; no pixel is decoded, so no pixel limit is needed yet.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(format);
  }
  const { width: rawWidth, height: rawHeight } = metadata;
  if (metadata.format !== format || !rawWidth || !rawHeight) throw unreadable(format);
  // The header states the size of one frame; an animation's other frames are dropped.
  const turned = (metadata.orientation ?? 1) >= 5 && (metadata.orientation ?? 1) <= 8;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  // Checked as displayed; the stored sides are the same two numbers, and sharp's own
  // pixel limit (see `decoder`) applies to them again when the pixels are read.
  if (width > MAX_IMAGE_WIDTH) throw refuseSize('wide', width, MAX_IMAGE_WIDTH, 'wide');
  if (height > MAX_IMAGE_HEIGHT) throw refuseSize('tall', height, MAX_IMAGE_HEIGHT, 'tall');
  if (rawWidth * rawHeight > MAX_IMAGE_PIXELS) {
    const mp = roundUp((rawWidth * rawHeight) / 1e6);
    throw new CritError(
      'too-large',
      `The image has ${mp} megapixels (${px(width)} × ${px(height)} px); Crit takes images up to ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  }
  let animated = (metadata.pages ?? 1) > 1;
  if (format === 'png') {
    const walk = walkPng(bytes);
    if (!walk.complete) throw unreadable(format);
    animated = walk.animated;
  }
  return { info: { format, ext: EXT[format], width, height, animated }, rawWidth, rawHeight };
}

const unreadable = (format: ImageFormat) =>
  new CritError(
    'unsupported-file',
    `The file looks like a ${LABEL[format]} image but cannot be read: it is damaged or incomplete.`,
  );

/**
 * Checks that `bytes` are a whole PNG, JPEG or WebP image within the limits: first the
 * header (`readImageHeader`), then, only if that passed, one decode of every row, so
 * that a damaged or truncated file, or another kind of file with an image name, is
 * refused here rather than shown broken later. The decode streams: it holds a few rows,
 * not the image.
 *
 * Refusals are `CritError('unsupported-file')` for files that are not a readable image
 * of those formats, and `CritError('too-large')` for files over a limit; both say which.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  return (await inspectImageWith(bytes, () => Promise.resolve())).info;
}

/**
 * `inspectImage`, with `alongside(info)` started once the header has passed, beside the
 * decode of every row (on another core): work on an image that is bounded by its header's
 * limits, whose result is used only if the image passes. The image's refusal comes
 * first; `alongside`'s own failure only if the image passed.
 */
export async function inspectImageWith<T>(
  bytes: Uint8Array,
  alongside: (info: ImageInfo) => Promise<T>,
): Promise<{ info: ImageInfo; result: T }> {
  const { info, rawWidth, rawHeight } = await readHeader(bytes);
  // Asking for the last row makes the decoder go through every row before it (none of
  // the three formats can skip ahead), without holding the whole decoded image.
  const check = (async () =>
    decoder(bytes)
      .extract({ left: 0, top: rawHeight - 1, width: rawWidth, height: 1 })
      .raw()
      .toBuffer())();
  const [checked, done] = await Promise.allSettled([check, alongside(info)]);
  if (checked.status === 'rejected') throw unreadable(info.format);
  if (done.status === 'rejected') throw done.reason;
  return { info, result: done.value };
}

/**
 * A WebP thumbnail of an image already accepted by `inspectImage`: 480 px wide and at
 * most 360 px tall, cut from the top, because the top of a screenshot is what
 * identifies it. Only the part that shows is cut out before scaling, so a sliver
 * 10 px wide costs a 480 × 360 picture, not the whole sliver enlarged 48 times.
 */
export async function makeThumbnail(bytes: Uint8Array, info?: ImageInfo): Promise<Uint8Array> {
  const { width, height } = info ?? (await readImageHeader(bytes));
  const thumbHeight = Math.min(
    THUMB_MAX_HEIGHT,
    Math.max(1, Math.round((height * THUMB_WIDTH) / width)),
  );
  const cropHeight = Math.min(height, Math.max(1, Math.round((thumbHeight * width) / THUMB_WIDTH)));
  return decoder(bytes)
    .autoOrient()
    .extract({ left: 0, top: 0, width, height: cropHeight })
    .resize({ width: THUMB_WIDTH, height: thumbHeight, fit: 'fill' })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * A square 256 × 256 WebP avatar: the largest centred square of an accepted image,
 * cut out before scaling so the work is bounded by the square, not the image's shape.
 */
export async function makeAvatar(bytes: Uint8Array, info?: ImageInfo): Promise<Uint8Array> {
  const { width, height } = info ?? (await readImageHeader(bytes));
  const side = Math.min(width, height);
  return decoder(bytes)
    .autoOrient()
    .extract({
      left: Math.floor((width - side) / 2),
      top: Math.floor((height - side) / 2),
      width: side,
      height: side,
    })
    .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'fill' })
    .webp({ quality: 85 })
    .toBuffer();
}

/**
 * The first frame of an animated image, upright, re-encoded losslessly in its own
 * format. Crit reviews still pictures: a pin must point at the same pixels for
 * everyone, so an animation is kept as the frame it opens on.
 */
export async function flattenAnimation(bytes: Uint8Array, info: ImageInfo): Promise<Uint8Array> {
  const frame = decoder(bytes).autoOrient();
  return info.format === 'webp'
    ? frame.webp({ lossless: true }).toBuffer()
    : frame.png().toBuffer();
}
