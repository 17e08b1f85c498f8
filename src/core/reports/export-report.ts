import yazl from 'yazl';
import sharp from 'sharp';
import type { ReportFile, ReportFormat } from '../../shared/schemas.ts';
import { reportCsv } from './csv.ts';
import { reportHtml } from './html.ts';
import { pageImageName, reportMarkdown } from './markdown.ts';
import type { ReportModel, ReportPage } from './report-model.ts';
import { prepareSlices } from './slice-images.ts';

export { REPORT_FORMATS, type ReportFile, type ReportFormat } from '../../shared/schemas.ts';

/** Prints a self-contained HTML document to PDF; each host drives its own Chromium. */
export type PdfPrinter = (html: string) => Promise<Uint8Array>;

/** Called as each page of a report is laid out (HTML, PDF) or drawn (Markdown). */
export type RenderProgress = (done: number, name: string) => void;

function baseName(model: ReportModel): string {
  const slug = model.design.name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'design'}-feedback`;
}

/** The page's screenshot with its pins drawn on, for the Markdown export's images. */
async function pinnedImage(page: ReportPage): Promise<Buffer> {
  const { width, height } = page.image;
  const r = Math.max(12, Math.round(width / 90));
  const pins = page.comments
    .map((c) => {
      const x = Math.min(Math.max((c.x / 100) * width, r), width - r);
      const y = Math.min(Math.max((c.y / 100) * height, r), height - r);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#c2185b" stroke="#fff" stroke-width="${r / 6}"/><text x="${x}" y="${y}" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${r}" fill="#fff">${c.number}</text>`;
    })
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${pins}</svg>`,
  );
  return sharp(page.image.bytes, { limitInputPixels: false })
    .composite([{ input: svg, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function zip(entries: [string, Uint8Array][]): Promise<Uint8Array> {
  const archive = new yazl.ZipFile();
  for (const [name, bytes] of entries) {
    // Images are compressed already: stored, not deflated.
    archive.addBuffer(Buffer.from(bytes), name, { compress: !name.endsWith('.png') });
  }
  archive.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    archive.outputStream.on('error', reject);
  });
}

/** Builds the self-contained HTML report: cover, then each page's slices and comments. */
export async function buildHtmlReport(
  model: ReportModel,
  onPage?: RenderProgress,
): Promise<string> {
  const pages = [];
  // One page at a time: a tall screenshot's decode is the largest thing held in memory.
  for (const page of model.pages) {
    pages.push(await prepareSlices(page));
    onPage?.(pages.length, page.name);
  }
  return reportHtml(model, pages);
}

/**
 * Renders a report in one format. PDF is printed by Chromium from the same HTML as the
 * HTML report; Markdown comes as a zip holding `report.md` and its page images beside it.
 */
export async function renderReport(
  model: ReportModel,
  format: ReportFormat,
  printPdf: PdfPrinter,
  onPage?: RenderProgress,
): Promise<ReportFile> {
  const name = baseName(model);
  switch (format) {
    case 'csv':
      return {
        fileName: `${name}.csv`,
        mime: 'text/csv',
        bytes: new TextEncoder().encode(reportCsv(model)),
      };
    case 'html':
      return {
        fileName: `${name}.html`,
        mime: 'text/html',
        bytes: new TextEncoder().encode(await buildHtmlReport(model, onPage)),
      };
    case 'pdf':
      return {
        fileName: `${name}.pdf`,
        mime: 'application/pdf',
        bytes: await printPdf(await buildHtmlReport(model, onPage)),
      };
    case 'markdown': {
      const entries: [string, Uint8Array][] = [
        ['report.md', new TextEncoder().encode(reportMarkdown(model))],
      ];
      for (const [i, page] of model.pages.entries()) {
        entries.push([`images/${pageImageName(i, page.name)}`, await pinnedImage(page)]);
        onPage?.(i + 1, page.name);
      }
      return { fileName: `${name}-markdown.zip`, mime: 'application/zip', bytes: await zip(entries) };
    }
  }
}
