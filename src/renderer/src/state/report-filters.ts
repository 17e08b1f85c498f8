import { atom } from 'jotai';
import type { CommentStatus, Tag } from '../../../shared/domain.ts';
import {
  reviewerNameByIdAtom,
  selectedReviewerIdAtom,
  statusFilterAtom,
  tagFilterAtom,
} from './review-atoms.ts';

/** The workspace's filters as a report request carries them. */
export interface ReportFilters {
  status?: CommentStatus;
  reviewerId?: string;
  tag?: Tag;
}

/** What the workspace's filters show: as a request's filters, and in words. */
export interface WorkspaceFilters {
  filters: ReportFilters;
  /** True when some filter is set. */
  active: boolean;
  /** e.g. "Open comments tagged nav, by Jun Park". */
  words: string;
}

/** The reviewer, tag and status filters of the workspace, for "Only what the filters show". */
export const workspaceFiltersAtom = atom((get): WorkspaceFilters => {
  const status = get(statusFilterAtom);
  const tag = get(tagFilterAtom);
  const reviewerId = get(selectedReviewerIdAtom);
  const filters: ReportFilters = {
    ...(status !== 'all' && { status }),
    ...(tag !== null && { tag }),
    ...(reviewerId !== null && { reviewerId }),
  };
  const active = Object.keys(filters).length > 0;
  if (!active) return { filters, active, words: 'No filter is set: every comment is shown.' };
  const who = reviewerId !== null ? get(reviewerNameByIdAtom)(reviewerId) || 'one reviewer' : '';
  const words = [
    status === 'open' ? 'Open comments' : status === 'resolved' ? 'Resolved comments' : 'Comments',
    tag !== null ? ` tagged ${tag}` : '',
    who ? `, by ${who}` : '',
  ].join('');
  return { filters, active, words: `${words}.` };
});
