import type { Browser } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment, DesignView } from '../../../src/shared/domain.ts';
import { suggestTag } from '../../../src/shared/element-map.ts';
import { captureBridge, rows, type CaptureBridge } from './bridge-setup.ts';
import { chromiumMissing, launchChromium } from './chromium.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';

const missing = chromiumMissing();

/**
 * The shop page: a nav, then (after `spacer` px) a main holding a Buy button at
 * (100, 400 + spacer) and, while `promo` is on, a Promo button 200 px below it; each
 * button is 200 × 50. Its height is 1750 + spacer.
 */
let version = { spacer: 0, promo: true };
function shopPage(): string {
  const button = (id: string) =>
    `<button id="${id}" style="display:block;margin:0 0 0 100px;width:200px;height:50px;padding:0;border:0">${id}</button>`;
  return `<!doctype html><title>Shop</title><style>body{margin:0} div{margin:0}</style>
    <nav id="top" style="height:60px;background:#333"><a href="/" style="color:#fff">Home</a></nav>
    <div style="height:${version.spacer}px"></div>
    <main>
      <div style="height:340px"></div>${button('buy')}<div style="height:150px"></div>
      ${version.promo ? button('promo') : '<div style="height:50px"></div>'}
      <div style="height:1000px"></div>
    </main>
    <footer style="height:100px;background:#eee">Footer</footer>`;
}

describe.skipIf(missing)('pages.capture through the bridge, in real Chromium', () => {
  let browser: Browser;
  let server: FixtureServer;
  let bridge: CaptureBridge;

  beforeAll(async () => {
    server = await startFixtureServer({
      '/shop': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(shopPage());
      },
    });
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    version = { spacer: 0, promo: true };
    bridge = await captureBridge(browser);
  });
  afterEach(() => bridge.cleanup());

  it('stores one page per width, named after the title, with maps and selectors', async () => {
    const taskId = 'capture-1';
    const envelope = await bridge.capture(server.url('/shop'), [800, 390], taskId);
    if (!envelope.ok) throw new Error(envelope.error.message);
    const pages = envelope.value;
    expect(pages.map((p) => p.name)).toEqual(['Shop — 800', 'Shop — 390']);
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [800, 1750],
      [390, 1750],
    ]);
    expect(pages[0]!.source).toEqual({ address: server.url('/shop'), width: 800 });
    // The renderer gets the boxes; the selectors stay in the store.
    expect(pages[0]!.elements?.some((e) => 'selector' in e)).toBe(false);
    expect(suggestTag(pages[0]!.elements, 50, (30 / 1750) * 100)).toBe('nav');
    expect(suggestTag(pages[0]!.elements, 25, (425 / 1750) * 100)).toBe('button');
    const stored = rows<{ elements: string }>(
      bridge,
      'SELECT elements FROM pages WHERE id = ?',
      pages[0]!.id,
    );
    const map = JSON.parse(stored[0]!.elements) as { tag: string; selector?: string }[];
    expect(map).toContainEqual(expect.objectContaining({ tag: 'nav', selector: '#top' }));
    expect(map).toContainEqual(expect.objectContaining({ tag: 'button', selector: '#buy' }));

    const design = await bridge.ok<DesignView>('designs:open', bridge.design.id);
    expect(design.pages.map((p) => p.id)).toEqual(pages.map((p) => p.id));
    // Progress: this task's events only, counting up, ending once with the outcome.
    const mine = bridge.progress.filter((e) => e.taskId === taskId);
    expect(mine.length).toBeGreaterThan(10);
    const done = mine.map((e) => e.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(mine.filter((e) => e.finished)).toEqual([
      expect.objectContaining({ finished: true, detail: 'captured 2 pages', done: mine[0]!.total }),
    ]);
    expect(mine.some((e) => e.detail?.startsWith('390 px: '))).toBe(true);
  }, 60_000);

  it('stores the element under a new or moved pin, and its offset inside it', async () => {
    const captured = await bridge.capture(server.url('/shop'), [800]);
    const page = captured.ok ? captured.value[0] : undefined;
    if (!page) throw new Error('no page');
    const comment = await bridge.ok<Comment>('comments:add', {
      pageId: page.id,
      tag: 'button',
      contents: 'Make it bigger',
      x: (150 / 800) * 100,
      y: (410 / 1750) * 100,
    });
    const anchor = () =>
      rows<{ anchor_selector: string | null; anchor_x: number; anchor_y: number }>(
        bridge,
        'SELECT anchor_selector, anchor_x, anchor_y FROM comments WHERE id = ?',
        comment.id,
      )[0]!;
    expect(anchor().anchor_selector).toBe('#buy');
    expect(anchor().anchor_x).toBeCloseTo(0.25, 2);
    expect(anchor().anchor_y).toBeCloseTo(0.2, 2);
    await bridge.ok('comments:move', comment.id, 50, (30 / 1750) * 100);
    expect(anchor().anchor_selector).toBe('#top');
    await bridge.ok('comments:move', comment.id, 50, 99.9);
    expect(anchor().anchor_selector).toBe('html > body > footer');
  }, 60_000);

  it('re-captures a source as a new version: moved elements take their pins, lost ones flag them', async () => {
    const first = await bridge.capture(server.url('/shop'), [800]);
    if (!first.ok) throw new Error(first.error.message);
    const page = first.value[0]!;
    const add = (x: number, y: number, contents: string) =>
      bridge.ok<Comment>('comments:add', {
        pageId: page.id,
        tag: 'button',
        contents,
        x: (x / 800) * 100,
        y: (y / 1750) * 100,
      });
    const buy = await add(200, 425, 'Buy');
    const promo = await add(200, 625, 'Promo');
    const nav = await add(400, 30, 'Nav');
    await bridge.ok('pages:rename', page.id, 'Shop home');

    version = { spacer: 300, promo: false };
    const again = await bridge.capture(server.url('/shop'), [800]);
    if (!again.ok) throw new Error(again.error.message);
    const [recaptured] = again.value;
    expect(recaptured!.id).toBe(page.id);
    expect(recaptured!.name).toBe('Shop home');
    expect(recaptured!.height).toBe(2050);
    expect(recaptured!.img).not.toBe(page.img);
    const design = await bridge.ok<DesignView>('designs:open', bridge.design.id);
    expect(design.pages).toHaveLength(1);

    const comments = await bridge.ok<Comment[]>('comments:list', page.id);
    const byId = new Map(comments.map((c) => [c.id, c]));
    const px = (c: Comment) => ({
      x: (c.position.x * 800) / 100,
      y: (c.position.y * 2050) / 100,
    });
    expect(comments).toHaveLength(3);
    expect(px(byId.get(buy.id)!).y).toBeCloseTo(725, 0);
    expect(px(byId.get(buy.id)!).x).toBeCloseTo(200, 0);
    expect(byId.get(buy.id)!.anchorGone).toBeUndefined();
    // Promo is gone: its pin keeps its place on the page and says so.
    expect(px(byId.get(promo.id)!).y).toBeCloseTo(625, 0);
    expect(byId.get(promo.id)!.anchorGone).toBe(true);
    expect(px(byId.get(nav.id)!).y).toBeCloseTo(30, 0);
    expect(byId.get(nav.id)!.anchorGone).toBeUndefined();

    // The same address at another width is another page.
    const other = await bridge.capture(server.url('/shop'), [390]);
    expect(other.ok && other.value[0]!.id).not.toBe(page.id);
  }, 90_000);
});
