import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHandlers } from '../../../../src/core/handlers.ts';
import { buildReportModel } from '../../../../src/core/reports/build-model.ts';
import { renderReport } from '../../../../src/core/reports/export-report.ts';
import type { Handlers } from '../../../../src/shared/contract.ts';
import { makeDataFolder, makeImage } from '../store/helpers.ts';

const resourcesDir = path.resolve(import.meta.dirname, '../../../../resources');
let folder: ReturnType<typeof makeDataFolder>;
let api: Handlers;

beforeEach(() => {
  folder = makeDataFolder();
  api = createHandlers({ resourcesDir, dataDir: folder.dir }, folder);
});
afterEach(() => folder.cleanup());

async function seed() {
  await api.profile.save({ name: 'Ada Moreno', role: 'expert' });
  const design = await api.designs.create({ name: 'Checkout', description: 'Round two' });
  const home = await api.pages.add({ designId: design.id, name: 'Home', bytes: await makeImage(400, 900) });
  const cart = await api.pages.add({ designId: design.id, name: 'Cart', bytes: await makeImage(400, 600) });
  const texts = ['Logo too small', 'Nav wraps', 'Footer links'];
  const made = [];
  for (const [i, contents] of texts.entries()) {
    made.push(
      await api.comments.add({ pageId: home.id, tag: i === 1 ? 'nav' : 'logo', contents, x: 10 * (i + 1), y: 20 }),
    );
  }
  await api.comments.add({ pageId: cart.id, tag: 'button', contents: 'Pay button contrast', x: 50, y: 50 });
  await api.comments.setStatus(made[1]!.id, 'resolved');
  await api.comments.reply(made[0]!.id, 'Agreed, 20% larger');
  return { design, home, cart, made };
}

describe('buildReportModel', () => {
  test('every page, comments in creation order with their replies and authors', async () => {
    const { design } = await seed();
    const model = await buildReportModel(folder.db, folder.images, { designId: design.id });
    expect(model.design).toEqual({ name: 'Checkout', description: 'Round two' });
    expect(model.pages.map((p) => p.name)).toEqual(['Home', 'Cart']);
    const home = model.pages[0]!;
    expect(home.image).toMatchObject({ width: 400, height: 900 });
    expect(home.comments.map((c) => [c.number, c.contents])).toEqual([
      [1, 'Logo too small'],
      [2, 'Nav wraps'],
      [3, 'Footer links'],
    ]);
    expect(home.comments[0]).toMatchObject({ author: 'Ada Moreno', role: 'expert', status: 'open' });
    expect(home.comments[0]!.replies).toMatchObject([{ author: 'Ada Moreno', contents: 'Agreed, 20% larger' }]);
  });

  test('filters keep the numbers people see on screen', async () => {
    const { design } = await seed();
    const resolved = await buildReportModel(folder.db, folder.images, {
      designId: design.id,
      filters: { status: 'resolved' },
    });
    expect(resolved.pages[0]!.comments.map((c) => [c.number, c.contents])).toEqual([[2, 'Nav wraps']]);
    expect(resolved.pages[1]!.comments).toEqual([]);
    const logos = await buildReportModel(folder.db, folder.images, {
      designId: design.id,
      filters: { tag: 'logo', status: 'open' },
    });
    expect(logos.pages[0]!.comments.map((c) => c.number)).toEqual([1, 3]);
  });

  test('chosen pages only, in the design order; a foreign page is refused', async () => {
    const { design, cart } = await seed();
    const model = await buildReportModel(folder.db, folder.images, {
      designId: design.id,
      pageIds: [cart.id],
    });
    expect(model.pages.map((p) => p.name)).toEqual(['Cart']);
    await expect(
      buildReportModel(folder.db, folder.images, { designId: design.id, pageIds: [crypto.randomUUID()] }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  test('renders CSV, HTML and a Markdown zip from the store', async () => {
    const { design } = await seed();
    const model = await buildReportModel(folder.db, folder.images, { designId: design.id });
    const unused = () => Promise.reject(new Error('not printing'));
    const csv = await renderReport(model, 'csv', unused);
    expect(csv.fileName).toBe('Checkout-feedback.csv');
    expect(new TextDecoder().decode(csv.bytes)).toContain('"Pay button contrast"');
    const html = new TextDecoder().decode((await renderReport(model, 'html', unused)).bytes);
    expect(html).toContain('Pay button contrast');
    expect(html).not.toMatch(/<(script|link)\b/);
    expect(html).not.toMatch(/src="(?!data:)/);
    const md = await renderReport(model, 'markdown', unused);
    expect(md.mime).toBe('application/zip');
    const text = Buffer.from(md.bytes).toString('latin1');
    expect(text).toContain('report.md');
    expect(text).toContain('images/01-home.png');
    expect(text).toContain('images/02-cart.png');
  });
});
