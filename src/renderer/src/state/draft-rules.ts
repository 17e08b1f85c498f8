import type { Tag } from '../../../shared/domain.ts';

/** A comment being written: where its pin goes, its tag, and what has been typed. */
export interface DraftState {
  pageId: string;
  x: number;
  y: number;
  tag: Tag;
  text: string;
}

/** Whether the draft holds anything that would be lost (whitespace alone is not). */
export function hasWords(draft: DraftState | null): boolean {
  return draft !== null && draft.text.trim() !== '';
}

/**
 * Where a click in comment mode leaves the draft. An empty draft moves to the new spot
 * (with the tag suggested there); one with text stays where it is, with its text, and
 * `kept` says the click was not taken, so the screen can lead back to it.
 */
export function placeDraft(
  current: DraftState | null,
  spot: Omit<DraftState, 'text'>,
): { draft: DraftState; kept: boolean } {
  if (current && hasWords(current)) return { draft: current, kept: true };
  return { draft: { ...spot, text: '' }, kept: false };
}

/** What Esc does to a draft: an empty one goes at once; one with text asks first. */
export function escapeAction(draft: DraftState): 'discard' | 'ask' {
  return hasWords(draft) ? 'ask' : 'discard';
}
