import { readFile } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import type { Comment, Reviewer } from '../../shared/domain.ts';
import { CritError } from '../../shared/errors.ts';
import { getDesign, listDesignReviewers, listPageComments, type ImageStore } from '../store/index.ts';
import type { ReportComment, ReportFilters, ReportModel, ReportPage } from './report-model.ts';

/** Called as each page is read: how many are done, of how many, and the page's name. */
export type PageProgress = (done: number, total: number, name: string) => void;

/** What to report on: the design, optionally some of its pages, and the filters. */
export interface ReportRequest {
  designId: string;
  /** Pages to include, in the design's order; absent or empty means every page. */
  pageIds?: readonly string[];
  filters?: ReportFilters;
}

interface PageImageRow {
  id: string;
  name: string;
  image_hash: string;
  image_ext: string;
  width: number;
  height: number;
}

/**
 * A comment's pin number: its own where the store gives one, otherwise its place in
 * creation order among every comment on the page (before any filter), as the workspace
 * numbers pins, so a filtered report keeps the numbers people see on screen.
 */
function numbered(comments: readonly Comment[]): Map<string, number> {
  const byAge = [...comments].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  return new Map(
    byAge.map((c, i) => [c.id, (c as Comment & { number?: number }).number ?? i + 1]),
  );
}

function matches(c: Comment, filters: ReportFilters): boolean {
  return (
    (!filters.status || c.status === filters.status) &&
    (!filters.tag || c.tag === filters.tag) &&
    (!filters.reviewerId || c.reviewerId === filters.reviewerId)
  );
}

/**
 * Reads a design's report model from the store: the chosen pages with their screenshots
 * and the comments that pass the filters, in number order. Throws `not-found` for an
 * unknown design, a page that is not the design's, or a reviewer filter naming someone
 * with no part in the design.
 */
export async function buildReportModel(
  db: DatabaseSync,
  images: ImageStore,
  request: ReportRequest,
  now = new Date(),
  onPage?: PageProgress,
): Promise<ReportModel> {
  const design = getDesign(db, request.designId);
  const filters = request.filters ?? {};
  const people = new Map<string, Reviewer>(
    listDesignReviewers(db, design.id).map((r) => [r.id, r]),
  );
  const rows = db
    .prepare(
      'SELECT id, name, image_hash, image_ext, width, height FROM pages WHERE design_id = ? ORDER BY position',
    )
    .all(design.id) as unknown as PageImageRow[];
  const wanted = request.pageIds?.length ? new Set(request.pageIds) : null;
  if (wanted) {
    for (const id of wanted) {
      if (!rows.some((r) => r.id === id)) {
        throw new CritError('not-found', 'A chosen page is not part of this design.');
      }
    }
  }
  if (filters.reviewerId && !people.has(filters.reviewerId)) {
    throw new CritError('not-found', 'The chosen reviewer has no part in this design.');
  }
  const person = (id: string) => people.get(id);
  const chosen = wanted ? rows.filter((r) => wanted.has(r.id)) : rows;
  const pages: ReportPage[] = [];
  for (const row of chosen) {
    const all = listPageComments(db, row.id);
    const numbers = numbered(all);
    const comments: ReportComment[] = all
      .filter((c) => matches(c, filters))
      .map((c) => ({
        id: c.id,
        number: numbers.get(c.id) ?? 0,
        author: person(c.reviewerId)?.name ?? 'Unknown reviewer',
        role: person(c.reviewerId)?.role ?? null,
        createdAt: c.created_at,
        tag: c.tag,
        status: c.status,
        contents: c.contents,
        x: c.position.x,
        y: c.position.y,
        replies: c.replies.map((r) => ({
          author: person(r.reviewerId)?.name ?? 'Unknown reviewer',
          role: person(r.reviewerId)?.role ?? null,
          createdAt: r.created_at,
          contents: r.contents,
        })),
      }))
      .sort((a, b) => a.number - b.number);
    const bytes = await readFile(images.pathOf(row.image_hash, row.image_ext));
    pages.push({
      id: row.id,
      name: row.name,
      image: { bytes: new Uint8Array(bytes), width: row.width, height: row.height },
      comments,
    });
    onPage?.(pages.length, chosen.length, row.name);
  }
  const reviewerName = filters.reviewerId ? person(filters.reviewerId)?.name : undefined;
  return {
    design: { name: design.name, description: design.description },
    generatedAt: now.toISOString(),
    filters: reviewerName ? { ...filters, reviewerName } : filters,
    pages,
  };
}
