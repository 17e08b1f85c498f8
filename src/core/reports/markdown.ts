import { describeFilters, type ReportModel } from './report-model.ts';

/** Characters Markdown (CommonMark and GitHub's) would read as markup. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>#+\-.!|~&]/g;

/**
 * Escapes text so Markdown shows it as written: every punctuation character that could
 * start markup gets a backslash, and line breaks stay inside the paragraph.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map((line) =>
      line
        .replace(MARKDOWN_SPECIAL, (ch) => `\\${ch}`)
        // Leading spaces or tabs would start a code block: keep each as a character reference.
        .replace(/^[ \t]+/, (spaces) => [...spaces].map((c) => `&#${c.codePointAt(0)};`).join('')),
    )
    .join('  \n');
}

/** A file name for a page's image beside the Markdown file. */
export function pageImageName(index: number, pageName: string): string {
  const slug = pageName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${String(index + 1).padStart(2, '0')}-${slug || 'page'}.png`;
}

/**
 * The report as Markdown: a section per page with its image (a file in `images/` beside
 * the Markdown file), then a heading per comment with its details and replies.
 */
export function reportMarkdown(model: ReportModel): string {
  const out: string[] = [];
  out.push(`# ${escapeMarkdown(model.design.name)}`, '');
  if (model.design.description) out.push(escapeMarkdown(model.design.description), '');
  out.push(`Report of ${escapeMarkdown(describeFilters(model.filters))}, ${model.generatedAt}.`);
  model.pages.forEach((page, index) => {
    out.push('', `## ${escapeMarkdown(page.name)}`, '');
    out.push(`![${escapeMarkdown(page.name)}](images/${pageImageName(index, page.name)})`);
    if (page.comments.length === 0) out.push('', '_No comments._');
    for (const c of page.comments) {
      const role = c.role ? `, ${c.role}` : '';
      out.push('', `### ${c.number}\\. ${c.tag} · ${c.status}`, '');
      out.push(`**${escapeMarkdown(c.author)}**${role} · ${c.createdAt}`, '');
      out.push(escapeMarkdown(c.contents));
      for (const r of c.replies) {
        const rRole = r.role ? `, ${r.role}` : '';
        out.push('', `> **${escapeMarkdown(r.author)}**${rRole} · ${r.createdAt}  `);
        out.push(`> ${escapeMarkdown(r.contents).replaceAll('\n', '\n> ')}`);
      }
    }
  });
  return `${out.join('\n')}\n`;
}
