import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The file types the store holds: page images as imported, thumbnails and avatars as WebP. */
export const IMAGE_EXTS = ['png', 'jpg', 'webp'] as const;
export type ImageExt = (typeof IMAGE_EXTS)[number];

/** The URL path prefix under which stored images are addressed. */
export const IMAGE_URL_PREFIX = '/media/images/';

const HASH = /^[0-9a-f]{64}$/;
const TEMP_SUFFIX = '.tmp';

/** A file found in the store. */
export interface StoredFile {
  /** Absolute path. */
  file: string;
  /** Null for a temporary file left behind by an interrupted write. */
  hash: string | null;
  ext: ImageExt | null;
  /** Last modification (or re-use, see `put`) time, in ms since the epoch. */
  mtimeMs: number;
  /** Size in bytes. */
  size: number;
}

/** A content-addressed image folder: the file name is the SHA-256 of the bytes. */
export interface ImageStore {
  /** The folder the images live in. */
  readonly root: string;
  /**
   * Stores `bytes` and resolves to their hash. The bytes go to a temporary file in the
   * destination folder, are flushed to disk, then renamed into place, so a reader (or a
   * crash) sees either no file or the whole file. Storing bytes already present writes
   * nothing.
   */
  put(bytes: Uint8Array, ext: ImageExt): Promise<string>;
  /** The absolute path an image has (or would have); throws a RangeError on a bad hash or type. */
  pathOf(hash: string, ext: string): string;
  /** Whether the image is in the store. False for malformed hashes or types. */
  has(hash: string, ext: string): boolean;
  /** Every file in the store, including temporaries left by interrupted writes. */
  list(): StoredFile[];
  /** Removes one file found by `list` (a no-op if it is already gone). */
  remove(file: StoredFile): void;
}

function isImageExt(ext: string): ext is ImageExt {
  return (IMAGE_EXTS as readonly string[]).includes(ext);
}

/** The SHA-256 of the bytes, as 64 lowercase hex digits. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The address the renderer loads a stored image from: `/media/images/<hash>.<ext>`. */
export function imageAddress(hash: string, ext: ImageExt): string {
  return `${IMAGE_URL_PREFIX}${hash}.${ext}`;
}

function storedPath(root: string, hash: string, ext: string): string | null {
  if (!HASH.test(hash) || !isImageExt(ext)) return null;
  return path.join(root, hash.slice(0, 2), `${hash}.${ext}`);
}

/** Flushes a folder's entries (a rename or a new file) to disk. Windows cannot open folders. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(target: string, bytes: Uint8Array): Promise<void> {
  const folder = path.dirname(target);
  const temp = path.join(
    folder,
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  const handle = await fsp.open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fsp.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/**
 * Opens the image store in `root` (normally `<dataDir>/images`), creating the folder.
 * Files are sharded by the first two hex digits: `<root>/ab/ab12….png`.
 */
export function createImageStore(root: string): ImageStore {
  const base = path.resolve(root);
  fs.mkdirSync(base, { recursive: true });

  const pathOf = (hash: string, ext: string): string => {
    const file = storedPath(base, hash, ext);
    if (!file) throw new RangeError(`Not an image address: ${JSON.stringify(`${hash}.${ext}`)}`);
    return file;
  };

  return {
    root: base,
    pathOf,

    has(hash, ext) {
      const file = storedPath(base, hash, ext);
      return file !== null && fs.existsSync(file);
    },

    async put(bytes, ext) {
      const hash = hashBytes(bytes);
      const target = pathOf(hash, ext);
      if (fs.existsSync(target)) {
        // Marks the file as in use again, so garbage collection's grace period applies.
        const now = new Date();
        await fsp.utimes(target, now, now).catch(() => {});
        return hash;
      }
      const shard = path.dirname(target);
      if (!fs.existsSync(shard)) {
        await fsp.mkdir(shard, { recursive: true });
        await syncFolder(base);
      }
      await writeDurably(target, bytes);
      return hash;
    },

    list() {
      const files: StoredFile[] = [];
      for (const shard of fs.readdirSync(base, { withFileTypes: true })) {
        if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
        const folder = path.join(base, shard.name);
        for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
          if (!entry.isFile()) continue;
          const file = path.join(folder, entry.name);
          const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(entry.name);
          const temp = entry.name.startsWith('.') && entry.name.endsWith(TEMP_SUFFIX);
          if (!match && !temp) continue;
          let stat: fs.Stats;
          try {
            stat = fs.statSync(file);
          } catch {
            continue;
          }
          files.push({
            file,
            hash: match ? (match[1] as string) : null,
            ext: match ? (match[2] as ImageExt) : null,
            mtimeMs: stat.mtimeMs,
            size: stat.size,
          });
        }
      }
      return files;
    },

    remove(entry) {
      const relative = path.relative(base, entry.file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) {
        throw new RangeError('Refusing to remove a file outside the image store.');
      }
      fs.rmSync(entry.file, { force: true });
    },
  };
}

/**
 * Maps a request path `/media/images/<hash>.<ext>` to the stored file below `root`, or
 * null: anything that is not exactly that shape (other folders, encoded characters, `..`,
 * a query string), or an image that is not in the store, is refused.
 */
export function resolveImageRequest(root: string, urlPath: string): string | null {
  if (typeof urlPath !== 'string') return null;
  const match = /^\/media\/images\/([0-9a-f]{64})\.(png|jpg|webp)$/.exec(urlPath);
  if (!match) return null;
  const base = path.resolve(root);
  const file = storedPath(base, match[1] as string, match[2] as string);
  if (!file) return null;
  const relative = path.relative(base, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return fs.existsSync(file) ? file : null;
}
