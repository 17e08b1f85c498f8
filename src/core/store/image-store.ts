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
/** Folders and files of the store are the user's alone (ignored on Windows). */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
// Opening never follows a symlink planted where a stored file should be.
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

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
  const handle = await fsp.open(
    temp,
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NO_FOLLOW,
    FILE_MODE,
  );
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
  fs.mkdirSync(root, { recursive: true, mode: FOLDER_MODE });
  // Resolved once: every stored path is then built below the real folder.
  const base = fs.realpathSync(root);
  tighten(base, FOLDER_MODE);

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
      return file !== null && isStoredFile(base, file);
    },

    async put(bytes, ext) {
      const hash = hashBytes(bytes);
      const target = pathOf(hash, ext);
      if (isStoredFile(base, target) && fs.lstatSync(target).size === bytes.byteLength) {
        // Marks the file as in use again, so garbage collection's grace period applies.
        const now = new Date();
        await fsp.lutimes(target, now, now).catch(() => {});
        return hash;
      }
      const shard = path.dirname(target);
      if (!isRealFolder(shard)) {
        // Anything else under a shard's name (a symlink, a file) is removed, not followed.
        const planted = await fsp.lstat(shard).catch(() => null);
        if (planted && !planted.isDirectory()) await fsp.unlink(shard).catch(() => {});
        await fsp.mkdir(shard, { recursive: true, mode: FOLDER_MODE });
        if (!isRealFolder(shard)) throw new Error(`Cannot make the image folder ${shard}.`);
        await syncFolder(base);
      }
      // The rename replaces whatever is under the file's name (a symlink included).
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
            stat = fs.lstatSync(file);
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
  let base: string;
  try {
    base = fs.realpathSync(root);
  } catch {
    return null;
  }
  const file = storedPath(base, match[1] as string, match[2] as string);
  return file !== null && isStoredFile(base, file) ? file : null;
}

/** Whether `folder` is a folder itself, not a symlink to one. */
function isRealFolder(folder: string): boolean {
  try {
    return fs.lstatSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether `file` is a regular file (not a symlink) in a real shard folder of `base`, and
 * its real path is where it should be: nothing on the way leads out of the store.
 */
function isStoredFile(base: string, file: string): boolean {
  try {
    if (!isRealFolder(path.dirname(file)) || !fs.lstatSync(file).isFile()) return false;
    return fs.realpathSync(file) === file && path.dirname(path.dirname(file)) === base;
  } catch {
    return false;
  }
}

/** Takes group and other permissions away from a folder or file (POSIX only). */
export function tighten(target: string, mode: number): void {
  if (process.platform === 'win32') return;
  if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
}
