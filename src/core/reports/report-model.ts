import type { CommentStatus, ReviewerRole, Tag } from '../../shared/domain.ts';

/** One reply as a report prints it. */
export interface ReportReply {
  author: string;
  role: ReviewerRole | null;
  /** ISO-8601 time. */
  createdAt: string;
  contents: string;
}

/** One comment as a report prints it, with the pin number the workspace shows. */
export interface ReportComment {
  id: string;
  number: number;
  author: string;
  role: ReviewerRole | null;
  /** ISO-8601 time. */
  createdAt: string;
  tag: Tag;
  status: CommentStatus;
  contents: string;
  /** Percent of the image's width and height, 0–100. */
  x: number;
  y: number;
  replies: ReportReply[];
}

/** A page's screenshot as the report embeds it. */
export interface ReportImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** One page of the design with the comments the report includes, in number order. */
export interface ReportPage {
  id: string;
  name: string;
  image: ReportImage;
  comments: ReportComment[];
}

/** Which comments a report includes; absent fields include all. */
export interface ReportFilters {
  status?: CommentStatus;
  reviewerId?: string;
  /** Shown on the cover, e.g. the reviewer's name. */
  reviewerName?: string;
  tag?: Tag;
}

/** Everything a report is made from, independent of its format. */
export interface ReportModel {
  design: { name: string; description: string };
  /** ISO-8601 time the report was made. */
  generatedAt: string;
  filters: ReportFilters;
  pages: ReportPage[];
}

/** Counts for the cover: by status, by tag and by reviewer, in a stable order. */
export interface ReportCounts {
  total: number;
  byStatus: [CommentStatus, number][];
  byTag: [Tag, number][];
  byReviewer: [string, number][];
}

/** Counts a model's comments by status, tag and reviewer (most first, then by name). */
export function countReport(model: ReportModel): ReportCounts {
  const status = new Map<CommentStatus, number>();
  const tags = new Map<Tag, number>();
  const people = new Map<string, number>();
  let total = 0;
  for (const page of model.pages) {
    for (const c of page.comments) {
      total++;
      status.set(c.status, (status.get(c.status) ?? 0) + 1);
      tags.set(c.tag, (tags.get(c.tag) ?? 0) + 1);
      people.set(c.author, (people.get(c.author) ?? 0) + 1);
    }
  }
  const sorted = <K extends string>(m: Map<K, number>): [K, number][] =>
    [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { total, byStatus: sorted(status), byTag: sorted(tags), byReviewer: sorted(people) };
}

/** Words for the filters a report honours, e.g. "open comments · tag nav · by Ada". */
export function describeFilters(filters: ReportFilters): string {
  const parts: string[] = [];
  parts.push(filters.status ? `${filters.status} comments` : 'all comments');
  if (filters.tag) parts.push(`tag ${filters.tag}`);
  if (filters.reviewerId) parts.push(`by ${filters.reviewerName ?? 'one reviewer'}`);
  return parts.join(' · ');
}
