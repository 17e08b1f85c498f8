import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createImageStore,
  imageAddress,
  resolveImageRequest,
  type ImageStore,
} from '../../../../src/core/store/image-store.ts';
import { makeTempDir } from './helpers.ts';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function newStore(): ImageStore {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  return createImageStore(path.join(temp.dir, 'images'));
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const bytesA = new TextEncoder().encode('pretend these are PNG bytes');
const bytesB = new TextEncoder().encode('and these are other bytes');

/** Every file below a folder, relative to it. */
function allFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

describe('image store', () => {
  it('stores bytes under their SHA-256, sharded by the first two hex digits', async () => {
    const store = newStore();
    const hash = await store.put(bytesA, 'png');
    expect(hash).toBe(sha256(bytesA));
    expect(store.pathOf(hash, 'png')).toBe(path.join(store.root, hash.slice(0, 2), `${hash}.png`));
    expect(fs.readFileSync(store.pathOf(hash, 'png')).equals(Buffer.from(bytesA))).toBe(true);
    expect(store.has(hash, 'png')).toBe(true);
    expect(store.has(hash, 'webp')).toBe(false);
    expect(imageAddress(hash, 'png')).toBe(`/media/images/${hash}.png`);
  });

  it('leaves no temporary file behind after a write', async () => {
    const store = newStore();
    const a = await store.put(bytesA, 'png');
    const b = await store.put(bytesB, 'webp');
    expect(allFiles(store.root)).toEqual(
      [path.join(a.slice(0, 2), `${a}.png`), path.join(b.slice(0, 2), `${b}.webp`)].sort(),
    );
  });

  it('writing the same bytes again is a no-op that returns the same hash', async () => {
    const store = newStore();
    const first = await store.put(bytesA, 'png');
    const file = store.pathOf(first, 'png');
    const inode = fs.statSync(file).ino;
    const second = await store.put(Uint8Array.from(bytesA), 'png');
    expect(second).toBe(first);
    expect(fs.statSync(file).ino).toBe(inode); // not rewritten
    expect(allFiles(store.root)).toHaveLength(1);
  });

  it('concurrent writes of the same bytes end with one whole file', async () => {
    const store = newStore();
    const hashes = await Promise.all(Array.from({ length: 8 }, () => store.put(bytesB, 'webp')));
    expect(new Set(hashes)).toEqual(new Set([sha256(bytesB)]));
    expect(allFiles(store.root)).toEqual([path.join(hashes[0]!.slice(0, 2), `${hashes[0]}.webp`)]);
    expect(fs.readFileSync(store.pathOf(hashes[0]!, 'webp')).equals(Buffer.from(bytesB))).toBe(
      true,
    );
  });

  it('a temporary file left by an interrupted write is neither an image nor in the way', async () => {
    const store = newStore();
    const hash = sha256(bytesA);
    const shard = path.join(store.root, hash.slice(0, 2));
    fs.mkdirSync(shard, { recursive: true });
    fs.writeFileSync(path.join(shard, `.${hash}.png.deadbeef0000.tmp`), bytesA.subarray(0, 5));
    expect(store.has(hash, 'png')).toBe(false);
    expect(resolveImageRequest(store.root, `/media/images/${hash}.png`)).toBeNull();
    expect(store.list().map((f) => f.hash)).toEqual([null]);

    await store.put(bytesA, 'png');
    expect(store.has(hash, 'png')).toBe(true);
    expect(fs.readFileSync(store.pathOf(hash, 'png')).equals(Buffer.from(bytesA))).toBe(true);
  });

  it('refuses malformed hashes and types', async () => {
    const store = newStore();
    const hash = sha256(bytesA);
    for (const [h, ext] of [
      [hash.toUpperCase(), 'png'],
      [hash.slice(1), 'png'],
      [`../${hash.slice(3)}`, 'png'],
      [hash, 'gif'],
      [hash, 'svg'],
      [hash, 'png/../../x'],
      [hash, ''],
    ] as const) {
      expect(() => store.pathOf(h, ext)).toThrow(RangeError);
      expect(store.has(h, ext)).toBe(false);
    }
    // put checks the type before writing anything
    await expect(store.put(bytesA, 'gif' as 'png')).rejects.toThrow(RangeError);
    expect(allFiles(store.root)).toEqual([]);
  });

  it('resolves image requests to files in the store and refuses anything else', async () => {
    const store = newStore();
    const hash = await store.put(bytesA, 'jpg');
    expect(resolveImageRequest(store.root, `/media/images/${hash}.jpg`)).toBe(
      store.pathOf(hash, 'jpg'),
    );
    fs.writeFileSync(path.join(path.dirname(store.root), 'secret.txt'), 'secret');
    for (const url of [
      `/media/images/${hash}.png`, // not stored
      `/media/images/${sha256(bytesB)}.jpg`, // not stored
      `/media/images/${hash}.jpg?x=1`,
      `/media/images/${hash.slice(0, 2)}/${hash}.jpg`,
      `/media/images/../secret.txt`,
      `/media/images/..%2Fsecret.txt`,
      `/media/images/%2e%2e/secret.txt`,
      `/media/images/${hash.toUpperCase()}.jpg`,
      `/media/samples/${hash}.jpg`,
      `media/images/${hash}.jpg`,
      `/media/images/${hash}.jpg/`,
      `/media/images/${hash}.jpg\0.png`,
      '',
    ]) {
      expect(resolveImageRequest(store.root, url), url).toBeNull();
    }
  });

  it('removes only files inside the store', async () => {
    const store = newStore();
    const hash = await store.put(bytesA, 'png');
    const [entry] = store.list();
    expect(() => store.remove({ ...entry!, file: path.join(store.root, '..', 'x') })).toThrow(
      RangeError,
    );
    store.remove(entry!);
    expect(store.has(hash, 'png')).toBe(false);
  });
});

describe.runIf(process.platform !== 'win32')('symlinks planted in the store', () => {
  /** A secret outside the store, and the store's address for bytes of the same hash. */
  function plant(store: ImageStore) {
    const outside = path.join(path.dirname(store.root), 'secret.txt');
    fs.writeFileSync(outside, 'outside the store');
    const hash = sha256(bytesA);
    const file = path.join(store.root, hash.slice(0, 2), `${hash}.png`);
    return { outside, hash, file };
  }

  it('replaces a symlink named like a stored hash instead of writing through it', async () => {
    const store = newStore();
    const { outside, hash, file } = plant(store);
    fs.mkdirSync(path.dirname(file));
    fs.symlinkSync(outside, file);
    expect(store.has(hash, 'png')).toBe(false);
    expect(resolveImageRequest(store.root, imageAddress(hash, 'png'))).toBeNull();
    await store.put(bytesA, 'png');
    expect(fs.readFileSync(outside, 'utf8')).toBe('outside the store');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.readFileSync(file)).toEqual(Buffer.from(bytesA));
  });

  it('never serves or lists a symlink, and removing one leaves its target', () => {
    const store = newStore();
    const { outside, hash, file } = plant(store);
    fs.mkdirSync(path.dirname(file));
    fs.symlinkSync(outside, file);
    expect(resolveImageRequest(store.root, imageAddress(hash, 'png'))).toBeNull();
    expect(store.list()).toEqual([]);
  });

  it('replaces a shard folder that is a symlink out of the store', async () => {
    const store = newStore();
    const { hash, file } = plant(store);
    const elsewhere = path.join(path.dirname(store.root), 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.symlinkSync(elsewhere, path.dirname(file));
    // A file put in the folder the symlink leads to is not served through it.
    fs.writeFileSync(path.join(elsewhere, path.basename(file)), bytesA);
    expect(resolveImageRequest(store.root, imageAddress(hash, 'png'))).toBeNull();
    expect(store.has(hash, 'png')).toBe(false);
    await store.put(bytesA, 'png');
    expect(fs.lstatSync(path.dirname(file)).isDirectory()).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([path.basename(file)]);
    expect(resolveImageRequest(store.root, imageAddress(hash, 'png'))).toBe(file);
  });
});
