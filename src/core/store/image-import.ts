import {
  flattenAnimation,
  inspectImage,
  inspectImageWith,
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
 * Checks a page image and stores it with its thumbnail (outside any transaction): first
 * the header (a file over a limit stops here, undecoded), then one streaming decode of
 * every row with, beside it, the bounded decode that makes the thumbnail; the image and
 * the thumbnail are stored only once both have passed. A refused file stores nothing. An
 * animation is stored as its first frame.
 */
export async function storePageImage(
  store: ImageStore,
  bytes: Uint8Array,
): Promise<StoredPageImage> {
  const { info, result: thumbnail } = await inspectImageWith(bytes, (info) =>
    info.animated ? Promise.resolve(null) : makeThumbnail(bytes, info),
  );
  const still = info.animated ? await flattenAnimation(bytes, info) : bytes;
  const thumb = thumbnail ?? (await makeThumbnail(still, info));
  const [hash, thumbHash] = await Promise.all([
    store.put(still, info.ext),
    store.put(thumb, 'webp'),
  ]);
  return { info, hash, thumbHash };
}

/** Checks an avatar image and stores its 256 × 256 WebP; resolves to that file's hash. */
export async function storeAvatarImage(store: ImageStore, bytes: Uint8Array): Promise<string> {
  const info = await inspectImage(bytes);
  return store.put(await makeAvatar(bytes, info), 'webp');
}
