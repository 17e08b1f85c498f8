import type { Tag } from '../../../shared/domain.ts';
import type { StatusFilter } from './review-atoms.ts';

/** The filters in force on the comments shown. */
export interface ActiveFilters {
  tag: Tag | null;
  status: StatusFilter;
  /** The selected reviewer's name, or null for everyone. */
  reviewer: string | null;
}

/**
 * The filters in force, in words ("tag nav", "status open", "reviewer Jun Park"), or an
 * empty list when none is: what an empty list of comments tells the person looking at it.
 */
export function describeFilters({ tag, status, reviewer }: ActiveFilters): string[] {
  const parts: string[] = [];
  if (tag !== null) parts.push(`tag ${tag}`);
  if (status !== 'all') parts.push(`status ${status}`);
  if (reviewer !== null) parts.push(`reviewer ${reviewer || 'unknown'}`);
  return parts;
}
