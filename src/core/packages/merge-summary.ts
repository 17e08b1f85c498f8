import type { ReviewerRecord } from '../../shared/package-schemas.ts';

/** One change a merge made, credited to the person who made it. */
export interface MergeChange {
  kind: 'design' | 'page' | 'comment' | 'reply';
  action: 'new' | 'edited' | 'deleted' | 'resolved' | 'reopened';
  /** The record's id (a comment's id for resolved and reopened). */
  id: string;
  /** The reviewer who made the change. */
  by: string;
}

/** What one person changed, counted. */
export interface PersonSummary {
  reviewerId: string;
  name: string;
  counts: Record<string, number>;
  /** "5 new comments, 2 replies, 1 resolved". */
  text: string;
}

// The order the counts are said in, and how each reads for one and for many.
const PHRASES: [key: string, one: string, many: string][] = [
  ['comment:new', 'new comment', 'new comments'],
  ['reply:new', 'reply', 'replies'],
  ['comment:edited', 'edited comment', 'edited comments'],
  ['reply:edited', 'edited reply', 'edited replies'],
  ['comment:resolved', 'resolved', 'resolved'],
  ['comment:reopened', 'reopened', 'reopened'],
  ['comment:deleted', 'deleted comment', 'deleted comments'],
  ['reply:deleted', 'deleted reply', 'deleted replies'],
  ['page:new', 'new page', 'new pages'],
  ['page:edited', 'changed page', 'changed pages'],
  ['page:deleted', 'deleted page', 'deleted pages'],
  ['design:edited', 'design change', 'design changes'],
  ['design:new', 'new design', 'new designs'],
];

/**
 * Groups a merge's changes by person, in the order people first appear in `changes`,
 * with a sentence for each ("Jun Park: 5 new comments, 2 replies").
 */
export function summarizeChanges(
  changes: readonly MergeChange[],
  reviewers: readonly ReviewerRecord[],
): PersonSummary[] {
  const names = new Map(reviewers.map((r) => [r.id, r.name]));
  const byPerson = new Map<string, Record<string, number>>();
  for (const change of changes) {
    const counts = byPerson.get(change.by) ?? {};
    const key = `${change.kind}:${change.action}`;
    counts[key] = (counts[key] ?? 0) + 1;
    byPerson.set(change.by, counts);
  }
  return [...byPerson].map(([reviewerId, counts]) => ({
    reviewerId,
    name: names.get(reviewerId) ?? 'Someone',
    counts,
    text: PHRASES.filter(([key]) => counts[key])
      .map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`)
      .join(', '),
  }));
}

/** The whole summary as one line: "Jun Park: 5 new comments, 2 replies; Ada Moreno: 1 resolved". */
export function formatSummary(people: readonly PersonSummary[]): string {
  if (people.length === 0) return 'Nothing new.';
  return people.map((p) => `${p.name}: ${p.text}`).join('; ');
}
