import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from '../support/fixtures.ts';
import { ReportDialog } from '../support/report-dialog.ts';
import {
  seedComment,
  seedDesign,
  seedOtherReviewersComment,
  seedProfile,
  seedReply,
} from '../support/seed.ts';
import type { CritServer } from '../support/crit-server.ts';

// SPEC B6: reports for the people who act on the feedback.

/** Texts that break naive CSV writers and spreadsheets. */
const HOSTILE = [
  'Comma, "quotes" and\na second line',
  '=HYPERLINK("http://x.invalid","click")',
  '@SUM(A1:A2) and emoji 🎨',
];

/** Home: three comments by Dana, one by Jun (resolved later in a test); Cart: one. */
async function seedReview(crit: CritServer) {
  await seedProfile(crit, 'Dana Designer');
  const { design, pages } = await seedDesign(crit, 'Checkout', ['Home', 'Cart']);
  const [home, cart] = pages as [(typeof pages)[0], (typeof pages)[0]];
  const first = await seedComment(crit, home.id, HOSTILE[0]!, { x: 20, y: 10, tag: 'header' });
  await seedComment(crit, home.id, HOSTILE[1]!, { x: 60, y: 40, tag: 'nav' });
  await seedComment(crit, home.id, HOSTILE[2]!, { x: 30, y: 80, tag: 'footer' });
  await seedReply(crit, first.id, 'Agreed, and fixed.');
  seedOtherReviewersComment(
    crit,
    { name: 'Jun Park' },
    {
      pageId: home.id,
      contents: 'Jun: the menu label is unclear',
      x: 70,
      y: 60,
      tag: 'nav',
    },
  );
  await seedComment(crit, cart.id, 'Pay button needs contrast', { x: 50, y: 50, tag: 'button' });
  return { design, home, cart };
}

function csvRows(bytes: Buffer): Record<string, string>[] {
  return parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
}

test('exports CSV through the dialog: every comment, then chosen pages and the filters', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedReview(crit);
  await design.open(seeded.id);
  const report = new ReportDialog(page);
  await report.open();
  await report.format('CSV').check();
  const all = await report.exportReport();
  expect(all.fileName).toBe('Checkout-feedback.csv');
  expect(all.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const rows = csvRows(all.bytes);
  expect(rows.map((r) => [r.Page, r.Number, r.Author, r.Comment])).toEqual([
    ['Home', '1', 'Dana Designer', HOSTILE[0]],
    ['Home', '2', 'Dana Designer', `'${HOSTILE[1]}`],
    ['Home', '3', 'Dana Designer', `'${HOSTILE[2]}`],
    ['Home', '4', 'Jun Park', 'Jun: the menu label is unclear'],
    ['Cart', '1', 'Dana Designer', 'Pay button needs contrast'],
  ]);
  expect(rows[0]!.Replies).toMatch(/^Dana Designer \(.+\): Agreed, and fixed\.$/);
  await expect(report.dialog).toBeVisible();

  // Chosen pages: Cart only. With no filter set, there is nothing to narrow by.
  await expect(report.onlyFiltered).toBeDisabled();
  await expect(report.filterWords).toHaveText('No filter is set: every comment is shown.');
  await report.choosePages(['Cart']);
  const cartOnly = csvRows((await report.exportReport()).bytes);
  expect(cartOnly.map((r) => [r.Page, r.Comment])).toEqual([['Cart', 'Pay button needs contrast']]);
  await report.cancelButton.click();
  await expect(report.dialog).toBeHidden();

  // The workspace's filters: the nav tag, in words in the dialog, honoured when asked.
  await design.filterTag('nav');
  await report.open();
  await expect(report.filterWords).toHaveText('Comments tagged nav.');
  // The dialog remembers its choices: CSV, and Cart only, until changed.
  await expect(report.format('CSV')).toBeChecked();
  await expect(report.pageBox('Cart')).toBeChecked();
  await report.allPages.check();
  await report.onlyFiltered.check();
  const filtered = csvRows((await report.exportReport()).bytes);
  expect(filtered.map((r) => [r.Page, r.Number, r.Tag])).toEqual([
    ['Home', '2', 'nav'],
    ['Home', '4', 'nav'],
  ]);

  // And the reviewer filter, from the sidebar, with the tag one still on.
  await report.cancelButton.click();
  await page
    .getByRole('region', { name: 'Reviewers' })
    .getByRole('button', { name: 'Jun Park' })
    .click();
  await report.open();
  await expect(report.filterWords).toHaveText('Comments tagged nav, by Jun Park.');
  await expect(report.onlyFiltered).toBeChecked();
  const juns = csvRows((await report.exportReport()).bytes);
  expect(juns.map((r) => [r.Number, r.Author, r.Comment])).toEqual([
    ['4', 'Jun Park', 'Jun: the menu label is unclear'],
  ]);
});

test('exports a PDF in which every comment, its number and its reply can be read', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded } = await seedReview(crit);
  await design.open(seeded.id);
  const report = new ReportDialog(page);
  await report.open();
  await expect(report.format('PDF')).toBeChecked();
  const pdf = await report.exportReport();
  expect(pdf.fileName).toBe('Checkout-feedback.pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = mkdtempSync(path.join(tmpdir(), 'crit-e2e-pdf-'));
  let text: string;
  try {
    writeFileSync(path.join(dir, 'report.pdf'), pdf.bytes);
    text = execFileSync('pdftotext', [path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Text wraps in the PDF: compare with white space collapsed.
  const flat = text.replace(/\s+/g, ' ');
  for (const [number, heading, contents] of [
    [1, 'header · open · Dana Designer', HOSTILE[0]!],
    [2, 'nav · open · Dana Designer', HOSTILE[1]!],
    // The emoji is left out: whether it prints depends on the machine's fonts.
    [3, 'footer · open · Dana Designer', HOSTILE[2]!.replace(' 🎨', '')],
    [4, 'nav · open · Jun Park', 'Jun: the menu label is unclear'],
    [1, 'button · open · Dana Designer', 'Pay button needs contrast'],
  ] as const) {
    expect(flat).toContain(`${number} ${heading}`);
    expect(flat).toContain(contents.replace(/\s+/g, ' '));
  }
  expect(flat).toContain('Agreed, and fixed.');
});

test('a failed export is shown in the dialog, which stays usable', async ({
  crit,
  design,
  page,
}) => {
  const { design: seeded, cart } = await seedReview(crit);
  await design.open(seeded.id);
  const report = new ReportDialog(page);
  await report.open();
  await report.format('CSV').check();
  await report.choosePages(['Cart']);
  // The page goes away behind the dialog's back.
  const { bridge } = await import('../support/bridge.ts');
  await bridge(crit, 'pages:remove', [cart.id]);
  await report.exportButton.click();
  await expect(report.error).toContainText('not part of this design');
  await expect(report.exportButton).toBeEnabled();
});

test('Ctrl+P prints the page: screenshot, pins and every comment card, no chrome', async ({
  crit,
  design,
  page,
}) => {
  await seedProfile(crit, 'Dana Designer');
  const { design: seeded, pages } = await seedDesign(crit, 'Long read', ['Article']);
  // More comments than the on-screen list renders at once.
  const count = 90;
  for (let i = 1; i <= count; i++) {
    await seedComment(crit, pages[0]!.id, `Finding number ${i}`, {
      x: 5 + ((i * 37) % 90),
      y: (i * 97) % 100,
    });
  }
  await design.open(seeded.id);
  // On screen a crowded page draws only the pins in view; paper gets every one.
  await expect(design.pins.first()).toBeVisible();
  // The test stands in for the system's print dialog and records that it was asked for.
  await page.evaluate(() => {
    window.print = () => void document.documentElement.setAttribute('data-printed', 'yes');
  });
  await page.keyboard.press('Control+p');
  await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(design.pins).toHaveCount(count);

  await expect(page.getByRole('banner')).toBeHidden();
  await expect(design.pagesNav).toBeHidden();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(design.panel).toBeHidden();
  await expect(design.image).toBeVisible();
  await expect(design.pins.first()).toBeVisible();
  const printList = page.getByTestId('print-comments');
  await expect(printList).toBeVisible();
  const printed = printList.getByRole('article');
  await expect(printed).toHaveCount(count);
  // Every comment once, numbered 1…N in order as the pins are, all of them laid out.
  const cards = await printed.evaluateAll((articles) =>
    articles.map((a) => ({
      number: a.querySelector('.print-card__number')?.textContent ?? '',
      text: a.querySelector('.print-card__text')?.textContent ?? '',
      height: a.getBoundingClientRect().height,
    })),
  );
  expect(cards.map((c) => c.number)).toEqual(Array.from({ length: count }, (_, i) => `${i + 1}`));
  expect(cards.map((c) => c.text).sort()).toEqual(
    Array.from({ length: count }, (_, i) => `Finding number ${i + 1}`).sort(),
  );
  expect(cards.every((c) => c.height > 0)).toBe(true);
  await expect(printed.last()).toBeVisible();
  await expect(design.pins.last()).toBeVisible();
  // The screenshot spans the printed page's width.
  const widths = await page.evaluate(() => ({
    image: document.querySelector('img.screenshot__image')!.getBoundingClientRect().width,
    body: document.body.getBoundingClientRect().width,
  }));
  expect(widths.image).toBeGreaterThan(widths.body * 0.9);

  // Paper numbers the cards as the pins do (a comment's stable number: its place in
  // creation order), in number order: the k-th comment written is number k.
  expect(cards.map((c) => c.text)).toEqual(
    Array.from({ length: count }, (_, i) => `Finding number ${i + 1}`),
  );

  // Back on screen, the print-only list is not shown.
  await page.emulateMedia({ media: 'screen' });
  await expect(printList).toBeHidden();
  await expect(design.panel).toBeVisible();
});
