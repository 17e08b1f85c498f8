import { DateTime } from 'luxon';
import { PRINT } from './layout.ts';
import {
  countReport,
  describeFilters,
  type ReportComment,
  type ReportModel,
} from './report-model.ts';
import type { PreparedPage, PreparedSlice } from './slice-images.ts';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function when(iso: string): string {
  const time = DateTime.fromISO(iso, { zone: 'utc' });
  return time.isValid ? time.setLocale('en-GB').toFormat("d LLL yyyy, HH:mm 'UTC'") : iso;
}

function paragraphs(text: string): string {
  return escapeHtml(text).replaceAll(/\r\n?|\n/g, '<br>');
}

const STYLE = `
@page { size: A4; margin: ${PRINT.marginMm}mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 11pt/1.45 system-ui, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #1b1d24; background: #fff; }
h1 { font-size: 24pt; margin: 0 0 4pt; }
h2 { font-size: 15pt; margin: 0 0 8pt; }
.muted { color: #5b6070; }
.cover { break-after: page; }
.cover table { border-collapse: collapse; margin: 10pt 24pt 0 0; display: inline-table; vertical-align: top; }
.cover th, .cover td { text-align: left; padding: 2pt 10pt 2pt 0; border-bottom: 1px solid #e3e5ea; }
.page { break-before: page; }
.slice { margin: 0; break-inside: avoid; }
.slice figcaption { height: ${PRINT.captionPx}px; overflow: hidden; font-size: 9pt; color: #5b6070; }
.slice figcaption h2 { display: inline; color: #1b1d24; }
.shot { position: relative; }
.shot img { display: block; width: 100%; height: auto; border: 1px solid #d5d8df; }
.pin { position: absolute; width: ${PRINT.pinPx}px; height: ${PRINT.pinPx}px; margin: -${PRINT.pinPx / 2}px 0 0 -${PRINT.pinPx / 2}px; border-radius: 50%; background: #c2185b; color: #fff; border: 2px solid #fff; box-shadow: 0 0 0 1px #7a0e38; font: 700 9pt/${PRINT.pinPx - 4}px system-ui, sans-serif; text-align: center; }
.comments { list-style: none; padding: 0; margin: 12pt 0 0; }
.comment { break-inside: avoid; border-top: 1px solid #e3e5ea; padding: 8pt 0; }
.badge { display: inline-block; min-width: 18pt; padding: 0 5pt; border-radius: 9pt; background: #c2185b; color: #fff; font-weight: 700; text-align: center; }
.meta { font-size: 9.5pt; color: #5b6070; }
.status-resolved .badge { background: #5b6070; }
.replies { margin: 6pt 0 0 18pt; padding-left: 8pt; border-left: 2px solid #e3e5ea; }
.reply { margin: 4pt 0; break-inside: avoid; }
.empty { color: #5b6070; font-style: italic; }
`;

function table(caption: string, rows: [string, number][]): string {
  const body = rows.length
    ? rows.map(([k, n]) => `<tr><th>${escapeHtml(k)}</th><td>${n}</td></tr>`).join('')
    : '<tr><td class="muted">none</td></tr>';
  return `<table><caption class="muted">${escapeHtml(caption)}</caption>${body}</table>`;
}

function cover(model: ReportModel): string {
  const counts = countReport(model);
  const pages = model.pages.length;
  return `<section class="cover">
<h1>${escapeHtml(model.design.name)}</h1>
${model.design.description ? `<p>${paragraphs(model.design.description)}</p>` : ''}
<p class="muted">Feedback report · ${escapeHtml(when(model.generatedAt))} · ${escapeHtml(describeFilters(model.filters))}</p>
<p><strong>${counts.total}</strong> ${counts.total === 1 ? 'comment' : 'comments'} on <strong>${pages}</strong> ${pages === 1 ? 'page' : 'pages'}</p>
${table('By status', counts.byStatus)}${table('By tag', counts.byTag)}${table('By reviewer', counts.byReviewer)}
</section>`;
}

function slice(prepared: PreparedPage, s: PreparedSlice, index: number): string {
  const part = prepared.slices.length > 1 ? ` · part ${index + 1} of ${prepared.slices.length}` : '';
  // The first slice's caption is the page's heading, so the heading never sits alone.
  const name = escapeHtml(prepared.page.name);
  const caption = index === 0 ? `<h2>${name}</h2>${part}` : `${name}${part}`;
  const src = `data:image/jpeg;base64,${Buffer.from(s.jpeg).toString('base64')}`;
  const pins = s.pins
    .map(
      (p) =>
        `<span class="pin" style="left:${p.left.toFixed(3)}%;top:${p.top.toFixed(3)}%">${p.pin.number}</span>`,
    )
    .join('');
  return `<figure class="slice" style="width:${prepared.displayWidth}px"><figcaption>${caption}</figcaption><div class="shot"><img src="${src}" width="${s.width}" height="${s.height}" alt="${escapeHtml(prepared.page.name)}${part}">${pins}</div></figure>`;
}

function comment(c: ReportComment): string {
  const role = c.role ? ` · ${c.role}` : '';
  const replies = c.replies.length
    ? `<div class="replies">${c.replies
        .map(
          (r) =>
            `<div class="reply"><div class="meta"><strong>${escapeHtml(r.author)}</strong>${r.role ? ` · ${r.role}` : ''} · ${escapeHtml(when(r.createdAt))}</div>${paragraphs(r.contents)}</div>`,
        )
        .join('')}</div>`
    : '';
  return `<li class="comment status-${c.status}"><div class="meta"><span class="badge">${c.number}</span> ${escapeHtml(c.tag)} · ${escapeHtml(c.status)} · <strong>${escapeHtml(c.author)}</strong>${role} · ${escapeHtml(when(c.createdAt))}</div><div>${paragraphs(c.contents)}</div>${replies}</li>`;
}

function page(prepared: PreparedPage): string {
  const list = prepared.page.comments.length
    ? `<ol class="comments">${prepared.page.comments.map(comment).join('')}</ol>`
    : '<p class="empty">No comments on this page.</p>';
  return `<section class="page">${prepared.slices.map((s, i) => slice(prepared, s, i)).join('')}${list}</section>`;
}

/**
 * The report as one self-contained HTML file: a cover with counts, then each page's
 * screenshot in print-page slices with its numbered pins, then its comments in number
 * order. Images are inline, styles are inline, and it loads nothing.
 */
export function reportHtml(model: ReportModel, pages: readonly PreparedPage[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(model.design.name)} · feedback report</title>
<style>${STYLE}</style></head>
<body>${cover(model)}${pages.map(page).join('\n')}</body></html>
`;
}
