import { describe, expect, test } from 'vitest';
import {
  escapeAction,
  hasWords,
  placeDraft,
  type DraftState,
} from '../../../../src/renderer/src/state/draft-rules.ts';

const spot = { pageId: 'p1', x: 10, y: 20, tag: 'nav' as const };
const written: DraftState = { pageId: 'p1', x: 50, y: 50, tag: 'button', text: 'Make it bigger' };

describe('placeDraft', () => {
  test('with no draft, a click starts an empty one at the spot', () => {
    expect(placeDraft(null, spot)).toEqual({ draft: { ...spot, text: '' }, kept: false });
  });

  test('an empty (or blank) draft moves to the new spot with the tag suggested there', () => {
    const blank = { ...written, text: '  \n ' };
    expect(placeDraft(blank, spot)).toEqual({ draft: { ...spot, text: '' }, kept: false });
  });

  test('a draft with text stays where it is, text and tag intact, and says it was kept', () => {
    const result = placeDraft(written, spot);
    expect(result.kept).toBe(true);
    expect(result.draft).toBe(written);
  });

  test('a draft with text on another page is kept too', () => {
    const elsewhere = { ...written, pageId: 'p2' };
    expect(placeDraft(elsewhere, spot)).toEqual({ draft: elsewhere, kept: true });
  });
});

describe('escapeAction and hasWords', () => {
  test('Esc discards an empty draft at once and asks first when there is text', () => {
    expect(escapeAction({ ...written, text: '' })).toBe('discard');
    expect(escapeAction({ ...written, text: '   ' })).toBe('discard');
    expect(escapeAction(written)).toBe('ask');
  });

  test('hasWords is false for no draft and for whitespace', () => {
    expect(hasWords(null)).toBe(false);
    expect(hasWords({ ...written, text: '\t' })).toBe(false);
    expect(hasWords(written)).toBe(true);
  });
});
