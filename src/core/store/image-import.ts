import {
  flattenAnimation,
  inspectImage,
  makeAvatar,
  makeThumbnail,
  type ImageInfo,
} from './image-intake.ts';
import type { ImageStore } from './image-store.ts';

/** A page image as stored: what it is, its hash and its thumbnail's hash. */
export interface StoredPageImage {
  info: ImageInfo;
  hash: string;
  thumbHash: string;
}

/**
 * Checks a page image and stores it with its thumbnail (outside any transaction).
 * One step after another, each only once the one before has passed: the header (a
 * file over a limit stops here, undecoded), one streaming decode of every row, then
 * the bounded decode that makes the thumbnail. A refused file stores nothing. An
 * animation is stored as its first frame.
 */
export async function storePageImage(
  store: ImageStore,
  bytes: Uint8Array,
): Promise<StoredPageImage> {
  const info = await inspectImage(bytes);
  const still = info.animated ? await flattenAnimation(bytes, info) : bytes;
  const thumbnail = await makeThumbnail(still, info);
  const hash = await store.put(still, info.ext);
  const thumbHash = await store.put(thumbnail, 'webp');
  return { info, hash, thumbHash };
}

/** Checks an avatar image and stores its 256 × 256 WebP; resolves to that file's hash. */
export async function storeAvatarImage(store: ImageStore, bytes: Uint8Array): Promise<string> {
  const info = await inspectImage(bytes);
  return store.put(await makeAvatar(bytes, info), 'webp');
}
