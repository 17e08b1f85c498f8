// `reports.export` as the renderer calls it: through the dispatcher, with its schema,
// the real handlers and a seeded data folder; PDF printed by browser mode's Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createDispatch, type Dispatch } from '../../../../src/core/dispatch.ts';
import { createEventHub } from '../../../../src/core/events.ts';
import { createHandlers } from '../../../../src/core/handlers.ts';
import { addComment } from '../../../../src/core/store/comments.ts';
import type { Comment, DesignSummary, Page } from '../../../../src/shared/domain.ts';
import type { Envelope } from '../../../../src/shared/errors.ts';
import type { EventPayload } from '../../../../src/shared/events.ts';
import type { ReportFile } from '../../../../src/shared/schemas.ts';
import { createPdfPrinter } from '../../../../src/server/pdf-printer.ts';
import { makeDataFolder, makeImage, snapshot } from '../store/helpers.ts';

const resourcesDir = path.resolve(import.meta.dirname, '../../../../resources');
const printer = createPdfPrinter();
let folder: ReturnType<typeof makeDataFolder>;
let dispatch: Dispatch;
let progress: EventPayload<'progress:update'>[];
let printed: number;

beforeEach(() => {
  folder = makeDataFolder();
  const hub = createEventHub();
  progress = [];
  printed = 0;
  hub.subscribe((event, payload) => {
    if (event === 'progress:update') progress.push(payload as EventPayload<'progress:update'>);
  });
  const printPdf = (html: string) => (printed++, printer.print(html));
  dispatch = createDispatch(
    createHandlers({ resourcesDir, dataDir: folder.dir, printPdf }, folder, hub),
  );
});
afterEach(() => folder.cleanup());
afterAll(() => printer.close());

async function value<T>(channel: string, args: unknown[]): Promise<T> {
  const envelope = await dispatch(channel, args);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.value as T;
}

const exportReport = (request: Record<string, unknown>) => dispatch('reports:export', [request]);
const file = async (request: Record<string, unknown>) =>
  value<ReportFile>('reports:export', [request]);

const OTHER = '0190a0b0-0000-7000-8000-00000000beef';

/** Two pages; on Home three comments of the local user and one of Jun, on Cart one. */
async function seed() {
  await value('profile:save', [{ name: 'Ada Moreno', role: 'expert' }]);
  const design = await value<DesignSummary>('designs:create', [{ name: 'Checkout' }]);
  const add = async (name: string) =>
    value<Page>('pages:add', [{ designId: design.id, name, bytes: await makeImage(400, 700) }]);
  const home = await add('Home');
  const cart = await add('Cart');
  const comment = (pageId: string, contents: string, tag = 'logo', y = 30) =>
    value<Comment>('comments:add', [{ pageId, tag, contents, x: 40, y }]);
  const logo = await comment(home.id, 'Logo too small');
  const nav = await comment(home.id, 'Nav wraps at 1024', 'nav', 10);
  await comment(home.id, '=HYPERLINK("x") "quoted", comma', 'footer', 90);
  folder.db
    .prepare(
      "INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, 'Jun Park', 'peer', NULL, '2025-01-01T00:00:00Z')",
    )
    .run(OTHER);
  addComment(folder.db, {
    pageId: home.id,
    tag: 'nav',
    contents: 'Jun: menu label unclear',
    x: 70,
    y: 50,
    reviewerId: OTHER,
  });
  await comment(cart.id, 'Pay button contrast', 'button');
  await value('comments:setStatus', [nav.id, 'resolved']);
  await value('comments:reply', [logo.id, 'Agreed, 20% larger']);
  return { design, home, cart };
}

function csvRows(report: ReportFile): Record<string, string>[] {
  return parse(Buffer.from(report.bytes), { bom: true, columns: true }) as Record<string, string>[];
}

function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => (entries.set(entry.fileName, Buffer.concat(chunks)), zip.readEntry()));
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('reports:export', () => {
  test('CSV: one row per comment of every page, in number order, with its reply', async () => {
    const { design } = await seed();
    const report = await file({ designId: design.id, format: 'csv' });
    expect(report).toMatchObject({ fileName: 'Checkout-feedback.csv', mime: 'text/csv' });
    const rows = csvRows(report);
    expect(rows.map((r) => [r.Page, r.Number, r.Comment])).toEqual([
      ['Home', '1', 'Logo too small'],
      ['Home', '2', 'Nav wraps at 1024'],
      ['Home', '3', `'=HYPERLINK("x") "quoted", comma`],
      ['Home', '4', 'Jun: menu label unclear'],
      ['Cart', '1', 'Pay button contrast'],
    ]);
    expect(rows[0]!.Replies).toMatch(/^Ada Moreno \(.+\): Agreed, 20% larger$/);
    expect(rows[3]).toMatchObject({ Author: 'Jun Park', Role: 'peer', Tag: 'nav' });
  });

  test('filters by status, tag and reviewer, together, keeping on-screen numbers', async () => {
    const { design } = await seed();
    const numbers = async (filters: Record<string, string>) =>
      csvRows(await file({ designId: design.id, format: 'csv', filters })).map((r) => [
        r.Page,
        r.Number,
      ]);
    expect(await numbers({ status: 'resolved' })).toEqual([['Home', '2']]);
    expect(await numbers({ tag: 'nav' })).toEqual([
      ['Home', '2'],
      ['Home', '4'],
    ]);
    expect(await numbers({ reviewerId: OTHER })).toEqual([['Home', '4']]);
    expect(await numbers({ tag: 'nav', status: 'open' })).toEqual([['Home', '4']]);
    expect(await numbers({ tag: 'logo', reviewerId: OTHER })).toEqual([]);
  });

  test('chosen pages only; the HTML is self-contained and names the filters', async () => {
    const { design, cart } = await seed();
    const report = await file({
      designId: design.id,
      format: 'html',
      pageIds: [cart.id],
      filters: { reviewerId: OTHER },
    });
    expect(report).toMatchObject({ fileName: 'Checkout-feedback.html', mime: 'text/html' });
    const html = new TextDecoder().decode(report.bytes);
    expect(html).toContain('<h2>Cart</h2>');
    expect(html).not.toContain('<h2>Home</h2>');
    expect(html).toContain('by Jun Park');
    expect(html).not.toMatch(/<(script|link)\b|src="(?!data:)/);
  });

  test('Markdown: a zip with report.md and each chosen page image', async () => {
    const { design, home, cart } = await seed();
    const report = await file({
      designId: design.id,
      format: 'markdown',
      pageIds: [cart.id, home.id],
    });
    expect(report.mime).toBe('application/zip');
    const entries = await unzip(report.bytes);
    expect([...entries.keys()].sort()).toEqual([
      'images/01-home.png',
      'images/02-cart.png',
      'report.md',
    ]);
    const md = entries.get('report.md')!.toString('utf8');
    expect(md.indexOf('Logo too small')).toBeLessThan(md.indexOf('Pay button contrast'));
    expect(entries.get('images/01-home.png')!.subarray(1, 4).toString()).toBe('PNG');
  });

  test('PDF: printed by Chromium, every comment text and number readable', async () => {
    const { design } = await seed();
    const report = await file({ designId: design.id, format: 'pdf', taskId: 'pdf-1' });
    expect(report).toMatchObject({ fileName: 'Checkout-feedback.pdf', mime: 'application/pdf' });
    expect(Buffer.from(report.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'crit-report-call-'));
    try {
      writeFileSync(path.join(dir, 'r.pdf'), report.bytes);
      const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      for (const contents of ['Logo too small', 'Nav wraps at 1024', 'Jun: menu label unclear']) {
        expect(text).toContain(contents);
      }
      expect(text).toContain('Pay button contrast');
      expect(text).toContain('Agreed, 20% larger');
      // Each card's heading: its number, tag, status and author, as on screen.
      for (const heading of [
        '1 logo · open · Ada Moreno',
        '2 nav · resolved · Ada Moreno',
        '3 footer · open · Ada Moreno',
        '4 nav · open · Jun Park',
        '1 button · open · Ada Moreno',
      ]) {
        expect(text).toContain(heading);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Progress: two pages read, two laid out, one print, then the finish.
    expect(progress.every((p) => p.taskId === 'pdf-1' && p.total === 5)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 4, 5]);
    expect(progress.at(-1)).toMatchObject({ finished: true, detail: 'Checkout-feedback.pdf: ready' });
  }, 60_000);

  test('no progress events unless the call names a task', async () => {
    const { design } = await seed();
    await file({ designId: design.id, format: 'html' });
    expect(progress).toEqual([]);
  });

  test('refuses unknown designs, foreign pages and absent reviewers, changing nothing', async () => {
    const { design, home } = await seed();
    const other = await value<DesignSummary>('designs:create', [{ name: 'Other' }]);
    const before = snapshot(folder.db);
    const refusals: [Record<string, unknown>, string][] = [
      [{ designId: crypto.randomUUID(), format: 'csv' }, 'not-found'],
      [{ designId: other.id, format: 'pdf', pageIds: [home.id] }, 'not-found'],
      [{ designId: design.id, format: 'csv', pageIds: [crypto.randomUUID()] }, 'not-found'],
      [{ designId: design.id, format: 'csv', filters: { reviewerId: crypto.randomUUID() } }, 'not-found'],
      [{ designId: design.id, format: 'docx' }, 'invalid-argument'],
      [{ designId: design.id, format: 'csv', filters: { status: 'done' } }, 'invalid-argument'],
      [{ designId: design.id, format: 'csv', pageIds: 'all' }, 'invalid-argument'],
      [{ designId: design.id, format: 'csv', path: '/etc/passwd' }, 'invalid-argument'],
    ];
    for (const [request, code] of refusals) {
      const envelope: Envelope<unknown> = await exportReport(request);
      expect(envelope, JSON.stringify(request)).toMatchObject({ ok: false, error: { code } });
    }
    expect(printed).toBe(0);
    expect(snapshot(folder.db)).toEqual(before);
  });

  test('a host without a printer refuses PDF but still exports the other formats', async () => {
    const { design } = await seed();
    const bare = createDispatch(createHandlers({ resourcesDir, dataDir: folder.dir }, folder));
    expect(await bare('reports:export', [{ designId: design.id, format: 'pdf' }])).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(await bare('reports:export', [{ designId: design.id, format: 'csv' }])).toMatchObject({
      ok: true,
    });
  });
});
