import { buildHtmlReport } from '../../src/core/reports/export-report.ts';
import type { ReportComment, ReportModel } from '../../src/core/reports/report-model.ts';
import { TAGS } from '../../src/shared/domain.ts';
import { createPdfPrinter } from '../../src/server/pdf-printer.ts';
import { row, type ResultRow } from '../lib/report.ts';
import { makeScreenshot } from '../lib/seed.ts';
import { seededRandom, since } from '../lib/stats.ts';

const PAGES = 20;
const COMMENTS = 500;

/**
 * 7. Report: a 20-page design (1440 × 4,000 screenshots) with 500 comments printed to
 * PDF the way the app prints it (slices, pins, comment lists), against printing the same
 * pages through the same printer with no pins or comments. Time and file size.
 */
export async function reportScenario(runs: number, log: (s: string) => void): Promise<ResultRow[]> {
  const random = seededRandom(11);
  const pages = [];
  for (let i = 0; i < PAGES; i++) {
    pages.push({
      id: `page-${i}`,
      name: `Screen ${i + 1}`,
      image: {
        bytes: new Uint8Array(await makeScreenshot(1440, 4000, random)),
        width: 1440,
        height: 4000,
      },
      comments: [] as ReportComment[],
    });
  }
  const withComments: ReportModel = {
    design: { name: 'Report bench', description: 'Twenty screens, five hundred comments' },
    generatedAt: new Date().toISOString(),
    filters: {},
    pages: pages.map((page, p) => ({
      ...page,
      comments: Array.from({ length: COMMENTS / PAGES }, (_, i) => ({
        id: `c-${p}-${i}`,
        number: i + 1,
        author: ['Ada Moreno', 'Jun Park', 'Lea Novak'][i % 3]!,
        role: i % 2 ? 'peer' : 'expert',
        createdAt: '2026-11-20T10:00:00.000Z',
        tag: TAGS[i % TAGS.length]!,
        status: i % 5 === 0 ? 'resolved' : 'open',
        contents:
          'The spacing under this block is tighter than the grid; align it with the cards above. '.repeat(
            1 + (i % 3),
          ),
        x: random() * 100,
        y: random() * 100,
        replies:
          i % 4 === 0
            ? [
                {
                  author: 'Jun Park',
                  role: 'peer',
                  createdAt: '2026-11-21T08:00:00.000Z',
                  contents: 'Fixed in the next round.',
                },
              ]
            : [],
      })),
    })),
  };
  const bare: ReportModel = { ...withComments, pages };
  const printer = createPdfPrinter();
  const full: number[] = [];
  const plain: number[] = [];
  const fullKb: number[] = [];
  const plainKb: number[] = [];
  try {
    // Warm-up: Chromium's start is not part of either measure.
    await printer.print(await buildHtmlReport({ ...bare, pages: pages.slice(0, 1) }));
    for (let run = 0; run < runs; run++) {
      for (const [model, times, sizes] of [
        [bare, plain, plainKb],
        [withComments, full, fullKb],
      ] as const) {
        const t = performance.now();
        const pdf = await printer.print(await buildHtmlReport(model));
        times.push(since(t));
        sizes.push(pdf.byteLength / 1024);
      }
      log(
        `  report run ${run + 1}: ${full.at(-1)!.toFixed(0)} ms, ${fullKb.at(-1)!.toFixed(0)} KB (pages alone ${plain.at(-1)!.toFixed(0)} ms, ${plainKb.at(-1)!.toFixed(0)} KB)`,
      );
    }
  } finally {
    await printer.close();
  }
  const note = 'baseline: the same 20 pages printed with no pins or comments';
  return [
    row({
      scenario: '7. Report of 20 pages, 500 comments',
      metric: 'PDF: slice, lay out and print',
      unit: 'ms',
      samples: full,
      baselineSamples: plain,
      note,
    }),
    row({
      scenario: '7. Report of 20 pages, 500 comments',
      metric: 'PDF file size',
      unit: 'KB',
      samples: fullKb,
      baselineSamples: plainKb,
      note,
    }),
  ];
}
