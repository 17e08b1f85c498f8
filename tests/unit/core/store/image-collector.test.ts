import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatch } from '../../../../src/core/dispatch.ts';
import { createHandlers } from '../../../../src/core/handlers.ts';
import { resolveAppPath } from '../../../../src/core/media.ts';
import { openDataFolder } from '../../../../src/core/store/data-folder.ts';
import type { DesignSummary, Page, Profile } from '../../../../src/shared/domain.ts';
import { unwrap } from '../../../../src/shared/errors.ts';
import { makeDataFolder, makeImage } from './helpers.ts';

let folder: ReturnType<typeof makeDataFolder>;
let call: <T>(channel: string, ...args: unknown[]) => Promise<T>;
beforeEach(() => {
  folder = makeDataFolder();
  const dispatch = createDispatch(
    createHandlers({ resourcesDir: folder.dir, dataDir: folder.dir }, folder),
  );
  call = async <T>(channel: string, ...args: unknown[]) =>
    unwrap(await dispatch(channel, args)) as T;
});
afterEach(() => folder.cleanup());

/** Whether the media route still serves an address. */
const served = (address: string) =>
  resolveAppPath(
    { resourcesDir: folder.dir, rendererDir: folder.dir, imagesDir: folder.images.root },
    address,
  ) !== null;
const storedCount = () => folder.images.list().length;

async function designWithPages(...colours: string[]) {
  const design = await call<DesignSummary>('designs:create', { name: 'Shop' });
  const pages: Page[] = [];
  for (const colour of colours) {
    const bytes = await makeImage(60, 40, 'png', colour);
    pages.push(await call<Page>('pages:add', { designId: design.id, name: colour, bytes }));
  }
  return { design, pages };
}

describe('unreferenced images are removed from disk', () => {
  it('after a page is deleted, keeping an image another page shares', async () => {
    const { pages } = await designWithPages('#111111', '#222222', '#111111');
    const [first, second, twin] = pages as [Page, Page, Page];
    expect(storedCount()).toBe(4);
    await call('pages:remove', second.id);
    expect(served(second.img)).toBe(false);
    expect(served(second.thumb!)).toBe(false);
    await call('pages:remove', first.id);
    expect(served(twin.img)).toBe(true); // the same bytes, still in use
    expect(storedCount()).toBe(2);
  });

  it('after a design is deleted: its images are no longer served', async () => {
    const { design, pages } = await designWithPages('#333333', '#444444');
    const { pages: others } = await designWithPages('#555555');
    for (const page of pages) expect(served(page.img)).toBe(true);
    await call('designs:remove', design.id);
    for (const page of pages) {
      expect(served(page.img)).toBe(false);
      expect(served(page.thumb!)).toBe(false);
    }
    expect(served(others[0]!.img)).toBe(true);
    expect(storedCount()).toBe(2);
  });

  it('after an image is replaced', async () => {
    const { pages } = await designWithPages('#666666');
    const old = pages[0]!;
    const bytes = await makeImage(80, 50, 'jpeg', '#777777');
    const replaced = await call<Page>('pages:replaceImage', old.id, bytes);
    expect(served(old.img)).toBe(false);
    expect(served(old.thumb!)).toBe(false);
    expect(served(replaced.img)).toBe(true);
    expect(storedCount()).toBe(2);
  });

  it('after an avatar is changed or removed', async () => {
    const first = await call<Profile>('profile:save', {
      name: 'Ada',
      role: 'peer',
      avatar: await makeImage(64, 64, 'png', '#888888'),
    });
    const second = await call<Profile>('profile:save', {
      name: 'Ada',
      role: 'peer',
      avatar: await makeImage(64, 64, 'png', '#999999'),
    });
    expect(served(first.avatar)).toBe(false);
    expect(served(second.avatar)).toBe(true);
    await call('profile:save', { name: 'Ada', role: 'peer' }); // kept when omitted
    expect(served(second.avatar)).toBe(true);
    await call('profile:save', { name: 'Ada', role: 'peer', avatar: null });
    expect(served(second.avatar)).toBe(false);
    expect(storedCount()).toBe(0);
  });

  it('waits for an import under way before collecting', async () => {
    const { pages } = await designWithPages('#aaaaaa');
    const design = await call<DesignSummary>('designs:create', { name: 'Other' });
    const bytes = await makeImage(70, 40, 'png', '#bbbbbb');
    // The import writes its files before its row; the deletion's collection must wait.
    const adding = call<Page>('pages:add', { designId: design.id, name: 'new', bytes });
    await call('pages:remove', pages[0]!.id);
    const added = await adding;
    expect(served(added.img)).toBe(true);
    expect(served(added.thumb!)).toBe(true);
    expect(served(pages[0]!.img)).toBe(false);
  });

  it('at start, for files an interrupted run left behind', async () => {
    await designWithPages('#cccccc');
    const orphan = await folder.images.put(await makeImage(10, 10, 'png', '#dddddd'), 'png');
    const orphanFile = folder.images.pathOf(orphan, 'png');
    folder.close();
    const reopened = openDataFolder(folder.dir);
    expect(fs.existsSync(orphanFile)).toBe(false);
    expect(reopened.images.list()).toHaveLength(2);
    reopened.close();
  });
});
