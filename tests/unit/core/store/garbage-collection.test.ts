import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../../src/core/store/garbage-collection.ts';
import { createDesign } from '../../../../src/core/store/designs.ts';
import { addPage, deletePage } from '../../../../src/core/store/pages.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { resolveImageRequest } from '../../../../src/core/store/image-store.ts';
import { makeDataFolder, makeImage } from './helpers.ts';

let folder: ReturnType<typeof makeDataFolder>;
beforeEach(() => {
  folder = makeDataFolder();
});
afterEach(() => folder.cleanup());

const inAnHour = () => ({ now: Date.now() + 2 * 60 * 60 * 1000 });
const exists = (address: string) => resolveImageRequest(folder.images.root, address) !== null;

describe('collectGarbage', () => {
  it('removes images nothing refers to, keeping pages, thumbnails and avatars', async () => {
    const design = createDesign(folder.db, { name: 'Shop' });
    const kept = await addPage(folder.db, folder.images, design.id, {
      name: 'kept',
      bytes: await makeImage(100, 100, 'png', '#111111'),
    });
    const dropped = await addPage(folder.db, folder.images, design.id, {
      name: 'dropped',
      bytes: await makeImage(100, 100, 'jpeg', '#eeeeee'),
    });
    const me = await saveProfile(folder.db, folder.images, {
      name: 'Ada',
      role: 'peer',
      avatar: await makeImage(64, 64, 'webp'),
    });
    deletePage(folder.db, dropped.id);

    // Everything is fresh: an import may still be on its way, so nothing goes.
    expect(collectGarbage(folder.db, folder.images)).toEqual({ removed: 0, bytesFreed: 0 });

    const report = collectGarbage(folder.db, folder.images, inAnHour());
    expect(report.removed).toBe(2);
    expect(report.bytesFreed).toBeGreaterThan(0);
    for (const address of [kept.img, kept.thumb!, me.avatar]) expect(exists(address)).toBe(true);
    for (const address of [dropped.img, dropped.thumb!]) expect(exists(address)).toBe(false);
  });

  it('keeps an old unreferenced image that an import has just stored again', async () => {
    const bytes = await makeImage(20, 20);
    const hash = await folder.images.put(bytes, 'png');
    const file = folder.images.pathOf(hash, 'png');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    fs.utimesSync(file, dayAgo, dayAgo);
    await folder.images.put(bytes, 'png'); // an import re-using it, row not yet written
    expect(collectGarbage(folder.db, folder.images).removed).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('removes temporary files left by interrupted writes', async () => {
    const shard = path.join(folder.images.root, 'ab');
    fs.mkdirSync(shard);
    const temp = path.join(shard, `.${'ab'.repeat(32)}.png.0123456789ab.tmp`);
    fs.writeFileSync(temp, 'partial');
    fs.writeFileSync(path.join(shard, 'not-ours.txt'), 'left alone');
    expect(collectGarbage(folder.db, folder.images, inAnHour()).removed).toBe(1);
    expect(fs.existsSync(temp)).toBe(false);
    expect(fs.existsSync(path.join(shard, 'not-ours.txt'))).toBe(true);
  });
});
