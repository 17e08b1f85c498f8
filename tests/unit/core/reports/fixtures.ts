import sharp from 'sharp';
import type { ReportComment, ReportModel } from '../../../../src/core/reports/report-model.ts';

/** Texts that break naive CSV, Markdown and HTML writers. */
export const HOSTILE_TEXTS = [
  'plain text',
  'comma, inside',
  'a "quoted" word',
  'line one\nline two',
  'windows\r\nline end',
  '=HYPERLINK("http://x.invalid","click")',
  '+1 234',
  '-2+3',
  '@SUM(A1:A2)',
  '\tstarts with a tab',
  '\rstarts with a CR',
  '<script>alert(1)</script>',
  '# not a heading',
  '*not bold* _nor this_ `nor code`',
  '[link](javascript:alert(1))',
  '| a | table |',
  '1. not a list',
  'emoji 🎨 and accents é ü — “quotes”',
  "it's & <b>",
] as const;

/** A comment for a report model, with defaults for what a test does not care about. */
export function reportComment(overrides: Partial<ReportComment> = {}): ReportComment {
  return {
    id: crypto.randomUUID(),
    number: 1,
    author: 'Ada Moreno',
    role: 'expert',
    createdAt: '2026-11-20T10:00:00.000Z',
    tag: 'nav',
    status: 'open',
    contents: 'Make the nav sticky',
    x: 50,
    y: 50,
    replies: [],
    ...overrides,
  };
}

/** A PNG with horizontal bands, so a test can tell which part of it it is looking at. */
export async function bandedPng(width: number, height: number): Promise<Uint8Array> {
  const bands = Math.ceil(height / 500);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${Array.from(
    { length: bands },
    (_, i) =>
      `<rect x="0" y="${i * 500}" width="${width}" height="500" fill="${i % 2 ? '#cfe8d5' : '#f7e3c8'}"/>`,
  ).join('')}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg), { limitInputPixels: false }).png().toBuffer());
}

/** A one-page model whose page is `height` pixels tall with the given comments. */
export async function modelWith(
  comments: ReportComment[],
  height = 1200,
  width = 1440,
): Promise<ReportModel> {
  return {
    design: { name: 'Checkout redesign', description: 'Second round' },
    generatedAt: '2026-11-23T09:00:00.000Z',
    filters: {},
    pages: [
      {
        id: crypto.randomUUID(),
        name: 'Cart',
        image: { bytes: await bandedPng(width, height), width, height },
        comments,
      },
    ],
  };
}
