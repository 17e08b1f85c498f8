import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';
import { seedDesign } from '../support/seed.ts';

// Issue 7, item 3: progress of a multi-file import travels from the core to the page as
// progress:update events over browser mode's event stream, and the status line shows them.

interface Seen {
  texts: string[];
  events: { event: string; data: unknown }[];
}

declare global {
  interface Window {
    seen?: Seen;
  }
}

test('a multi-file import shows the progress the core reports, file by file', async ({
  crit,
  design,
}) => {
  const { design: seeded } = await seedDesign(crit, 'Progress');
  await design.open(seeded.id);
  const page = design.page;

  await page.evaluate(async () => {
    const seen: Seen = { texts: [], events: [] };
    window.seen = seen;
    // Every text the status line ever shows, however briefly.
    new MutationObserver(() => {
      const text = document.querySelector('output.status-line')?.textContent;
      if (text && seen.texts.at(-1) !== text) seen.texts.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    // A second reader of the stream, with the token the tab holds, as the app sends it.
    const token = sessionStorage.getItem('crit-token') ?? '';
    const response = await fetch('/api-events', { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field('data');
          if (data) seen.events.push({ event: field('event') ?? '', data: JSON.parse(data) });
        }
      }
    })();
  });

  // Slow each call a little, so every state is on screen long enough to be painted.
  await page.route('**/api/pages:add', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.continue();
  });
  await design.addPages([
    await makePng('home.png', 800, 1200, 10),
    { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') },
    await makePng('cart.png', 800, 1600, 200),
  ]);
  await expect(design.pageButtons).toHaveText(['home', 'cart']);
  await expect(design.progress).toBeHidden();
  await expect(design.alerts).toContainText('broken.png');

  const seen = await page.evaluate(() => window.seen!);

  // What the core said, in order: each file's start and its end, one task, finished last.
  const updates = seen.events.filter((e) => e.event === 'progress:update').map((e) => e.data);
  expect(updates).toEqual([
    expect.objectContaining({ done: 0, total: 3, detail: 'home: checking the image' }),
    expect.objectContaining({ done: 1, total: 3, detail: 'home: added' }),
    expect.objectContaining({ done: 1, total: 3, detail: 'broken: checking the image' }),
    expect.objectContaining({ done: 2, total: 3, detail: 'broken: failed' }),
    expect.objectContaining({ done: 2, total: 3, detail: 'cart: checking the image' }),
    expect.objectContaining({ done: 3, total: 3, detail: 'cart: added', finished: true }),
  ]);
  const taskIds = new Set(updates.map((u) => (u as { taskId: string }).taskId));
  expect(taskIds.size).toBe(1);

  // What the page showed: the stages only the events carry, in the order they came.
  const shown = (pattern: RegExp) => seen.texts.findIndex((text) => pattern.test(text));
  const order = [
    /Adding pages: 0 of 3 done \(home: checking the image\)/,
    /Adding pages: 1 of 3 done \(home: added\)/,
    /Adding pages: 2 of 3 done \(broken: failed\)/,
  ].map(shown);
  // The last event can arrive after the import's own answer has replaced the status line,
  // so the finished state is checked in the events above, not on screen.
  expect(order, seen.texts.join('\n')).not.toContain(-1);
  expect(order).toEqual([...order].sort((a, b) => a - b));
});
