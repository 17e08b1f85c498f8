import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ElementBox } from '../../../../src/shared/domain.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { createDesign, getDesign, listDesigns } from '../../../../src/core/store/designs.ts';
import {
  addPage,
  deletePage,
  getPage,
  listPages,
  movePage,
  renamePage,
  replacePageImage,
} from '../../../../src/core/store/pages.ts';
import { addComment, listPageComments } from '../../../../src/core/store/comments.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { resolveImageRequest } from '../../../../src/core/store/image-store.ts';
import { pageNameSchema } from '../../../../src/shared/schemas.ts';
import { makeDataFolder, makeImage, snapshot } from './helpers.ts';

let folder: ReturnType<typeof makeDataFolder>;
let designId: string;
beforeEach(() => {
  folder = makeDataFolder();
  designId = createDesign(folder.db, { name: 'Shop' }).id;
});
afterEach(() => folder.cleanup());

async function caught(fn: () => unknown): Promise<CritError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CritError);
    return error as CritError;
  }
  throw new Error('no error');
}

async function threePages() {
  const colours = ['#aa0000', '#00aa00', '#0000aa'];
  const pages = [];
  for (const [i, name] of ['home', 'cart', 'pay'].entries()) {
    pages.push(
      await addPage(folder.db, folder.images, designId, {
        name,
        bytes: await makeImage(600 + i, 1000, 'png', colours[i]),
      }),
    );
  }
  return pages;
}

const names = () => listPages(folder.db, designId).map((p) => p.name);
const positions = () =>
  (
    folder.db
      .prepare('SELECT position FROM pages WHERE design_id = ? ORDER BY position')
      .all(designId) as { position: number }[]
  ).map((row) => row.position);

describe('pages', () => {
  it('adds pages at the end with their image, thumbnail and size', async () => {
    const [home] = await threePages();
    expect(names()).toEqual(['home', 'cart', 'pay']);
    expect(positions()).toEqual([0, 1, 2]);
    expect(home).toEqual({
      id: expect.any(String),
      name: 'home',
      img: expect.stringMatching(/^\/media\/images\/[0-9a-f]{64}\.png$/),
      thumb: expect.stringMatching(/^\/media\/images\/[0-9a-f]{64}\.webp$/),
      width: 600,
      height: 1000,
    });
    // the addresses resolve to files in the store
    expect(fs.existsSync(resolveImageRequest(folder.images.root, home!.img)!)).toBe(true);
    expect(fs.existsSync(resolveImageRequest(folder.images.root, home!.thumb!)!)).toBe(true);
    expect(getDesign(folder.db, designId).pages.map((p) => p.id)[0]).toBe(home!.id);
  });

  it('keeps an element map given with a captured page', async () => {
    const elements: ElementBox[] = [
      { tag: 'header', x: 0, y: 0, w: 100, h: 8 },
      { tag: 'button', x: 40.5, y: 20, w: 10, h: 3 },
    ];
    const page = await addPage(folder.db, folder.images, designId, {
      name: 'captured',
      bytes: await makeImage(300, 300),
      elements,
    });
    expect(page.elements).toEqual(elements);
    const bad = await caught(() =>
      addPage(folder.db, folder.images, designId, {
        name: 'bad map',
        bytes: Buffer.from('unused'),
        elements: [{ tag: 'nav', x: 95, y: 0, w: 10, h: 5 }],
      }),
    );
    expect(bad.code).toBe('invalid-argument');
    expect(bad.message).toMatch(/outside the page/);
  });

  it('refuses a bad image or element map and adds nothing', async () => {
    await threePages();
    const before = snapshot(folder.db);
    const files = folder.images.list().length;
    const text = await caught(() =>
      addPage(folder.db, folder.images, designId, { name: 'x', bytes: Buffer.from('hello') }),
    );
    expect(text.code).toBe('unsupported-file');
    const map = await caught(async () =>
      addPage(folder.db, folder.images, designId, {
        name: 'x',
        bytes: await makeImage(5, 5),
        elements: [{ tag: 'banner' as 'nav', x: 0, y: 0, w: 1, h: 1 }],
      }),
    );
    expect(map.code).toBe('invalid-argument');
    expect(snapshot(folder.db)).toEqual(before);
    expect(folder.images.list()).toHaveLength(files);
  });

  it('moves a page, keeping positions dense from 0', async () => {
    const [home, cart, pay] = await threePages();
    expect(movePage(folder.db, pay!.id, 0).map((p) => p.name)).toEqual(['pay', 'home', 'cart']);
    expect(positions()).toEqual([0, 1, 2]);
    movePage(folder.db, pay!.id, 2);
    expect(names()).toEqual(['home', 'cart', 'pay']);
    movePage(folder.db, home!.id, 1);
    expect(names()).toEqual(['cart', 'home', 'pay']);
    movePage(folder.db, cart!.id, 0); // already there
    expect(names()).toEqual(['cart', 'home', 'pay']);
    for (const to of [3, -1, 1.5, Number.NaN]) {
      expect((await caught(() => movePage(folder.db, home!.id, to))).code).toBe('invalid-argument');
    }
    expect(names()).toEqual(['cart', 'home', 'pay']);
  });

  it('renames a page', async () => {
    const [home] = await threePages();
    const name = pageNameSchema.parse('  Home\npage ');
    expect(renamePage(folder.db, home!.id, name).name).toBe('Home page');
    expect(getPage(folder.db, home!.id).name).toBe('Home page');
  });

  it('deletes a page with its comments and renumbers the rest', async () => {
    const [home, cart] = await threePages();
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    addComment(folder.db, {
      pageId: cart!.id,
      reviewerId: me.reviewerId,
      tag: 'list',
      contents: 'Rows blur',
      x: 3,
      y: 4,
    });
    deletePage(folder.db, cart!.id);
    expect(names()).toEqual(['home', 'pay']);
    expect(positions()).toEqual([0, 1]);
    expect(listDesigns(folder.db)[0]).toMatchObject({ pageCount: 2, commentCount: 0 });
    deletePage(folder.db, home!.id);
    expect(names()).toEqual(['pay']);
    expect(positions()).toEqual([0]);
  });

  it('replaces a page image, keeping its comments and their positions', async () => {
    const [home] = await threePages();
    const me = await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' });
    const comment = addComment(folder.db, {
      pageId: home!.id,
      reviewerId: me.reviewerId,
      tag: 'header',
      contents: 'Too tall',
      x: 25,
      y: 10,
    });
    const replaced = await replacePageImage(
      folder.db,
      folder.images,
      home!.id,
      await makeImage(1440, 3200, 'jpeg', '#ffee00'),
    );
    expect(replaced).toMatchObject({ id: home!.id, name: 'home', width: 1440, height: 3200 });
    expect(replaced.img).toMatch(/\.jpg$/);
    expect(replaced.img).not.toBe(home!.img);
    expect(replaced.thumb).not.toBe(home!.thumb);
    expect(listPageComments(folder.db, home!.id)).toEqual([comment]);
    expect(names()).toEqual(['home', 'cart', 'pay']);
  });

  it('reads a damaged element map as no map, without failing the page', async () => {
    const page = await addPage(folder.db, folder.images, designId, {
      name: 'captured',
      bytes: await makeImage(30, 30),
      elements: [{ tag: 'nav', x: 0, y: 0, w: 50, h: 10 }],
    });
    const damage = (json: string) => {
      // The column's CHECK allows only JSON; a damaged file need not respect it.
      folder.db.exec('PRAGMA ignore_check_constraints = ON');
      folder.db.prepare('UPDATE pages SET elements = ? WHERE id = ?').run(json, page.id);
      folder.db.exec('PRAGMA ignore_check_constraints = OFF');
    };
    for (const json of [
      '{"tag":"nav"}',
      '[{"tag":"banner","x":0,"y":0,"w":1,"h":1}]',
      '[{"tag":"nav","x":"0","y":0,"w":1,"h":1}]',
      '[{"tag":"nav","x":90,"y":0,"w":20,"h":1}]',
      'null',
      '[{"tag":"nav"',
    ]) {
      damage(json);
      expect(getPage(folder.db, page.id).elements, json).toBeUndefined();
      expect(listPages(folder.db, designId)[0]!.name).toBe('captured');
    }
    damage('[{"tag":"logo","x":1,"y":2,"w":3,"h":4,"extra":true}]');
    expect(getPage(folder.db, page.id).elements).toEqual([{ tag: 'logo', x: 1, y: 2, w: 3, h: 4 }]);
  });

  it('replacing clears an old element map unless a new one is given', async () => {
    const page = await addPage(folder.db, folder.images, designId, {
      name: 'captured',
      bytes: await makeImage(300, 300),
      elements: [{ tag: 'footer', x: 0, y: 90, w: 100, h: 10 }],
    });
    const plain = await replacePageImage(
      folder.db,
      folder.images,
      page.id,
      await makeImage(30, 30),
    );
    expect(plain.elements).toBeUndefined();
    const recaptured = await replacePageImage(
      folder.db,
      folder.images,
      page.id,
      await makeImage(40, 40),
      [{ tag: 'logo', x: 1, y: 1, w: 5, h: 5 }],
    );
    expect(recaptured.elements).toEqual([{ tag: 'logo', x: 1, y: 1, w: 5, h: 5 }]);
  });

  it('answers not-found for unknown ids and changes nothing', async () => {
    await threePages();
    const before = snapshot(folder.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    const image = await makeImage(10, 10);
    const errors = [
      await caught(() => addPage(folder.db, folder.images, missing, { name: 'x', bytes: image })),
      await caught(() => renamePage(folder.db, missing, 'x')),
      await caught(() => movePage(folder.db, missing, 0)),
      await caught(() => deletePage(folder.db, missing)),
      await caught(() => replacePageImage(folder.db, folder.images, missing, image)),
      await caught(() => listPages(folder.db, missing)),
      await caught(() => getPage(folder.db, missing)),
    ];
    expect(errors.map((e) => e.code)).toEqual(Array(7).fill('not-found'));
    expect(snapshot(folder.db)).toEqual(before);
  });
});
