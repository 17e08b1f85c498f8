import { CritError } from '../../shared/errors.ts';
import { TAGS, type ElementBox, type Tag } from '../../shared/domain.ts';

/** Control characters other than tab and line breaks: nothing a person types contains them. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

interface TextRule {
  /** What the text is, for messages: "The design name". */
  label: string;
  max: number;
  /** Allow an empty string (after trimming). */
  optional?: boolean;
  /** Fold line breaks and runs of spaces into single spaces (names, titles). */
  singleLine?: boolean;
}

/**
 * Returns `value` trimmed (and folded to one line where asked), or throws
 * `CritError('invalid-argument')` naming the field and its limits. Lengths count
 * characters as a person sees them (code points), not UTF-16 units.
 */
export function cleanText(value: unknown, rule: TextRule): string {
  if (typeof value !== 'string') {
    throw new CritError('invalid-argument', `${rule.label} must be text.`);
  }
  const text = rule.singleLine ? value.replace(/\s+/g, ' ').trim() : value.trim();
  if (hasControlCharacters(text)) {
    throw new CritError('invalid-argument', `${rule.label} contains control characters.`);
  }
  const length = [...text].length;
  if (length === 0 && !rule.optional) {
    throw new CritError('invalid-argument', `${rule.label} cannot be empty.`);
  }
  if (length > rule.max) {
    throw new CritError(
      'invalid-argument',
      `${rule.label} is ${length} characters long; the limit is ${rule.max}.`,
    );
  }
  return text;
}

/** Checks that an id is a non-empty string (whether it exists is the repository's job). */
export function checkId(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) {
    throw new CritError('invalid-argument', `${label} must be an id.`);
  }
  return value;
}

/** Checks a percentage coordinate: a finite number from 0 to 100. */
export function checkPercent(value: unknown, label: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new CritError('invalid-argument', `${label} must be a number from 0 to 100.`);
  }
  return value;
}

/** Checks an element tag against the nine kinds (SPEC A3). */
export function checkTag(value: unknown): Tag {
  if (typeof value !== 'string' || !(TAGS as readonly string[]).includes(value)) {
    throw new CritError('invalid-argument', `The tag must be one of: ${TAGS.join(', ')}.`);
  }
  return value as Tag;
}

/** Checks that a value is one of a fixed set of strings. */
export function checkOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  label: string,
): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new CritError('invalid-argument', `${label} must be one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}

/** The most element boxes one page may carry. */
export const MAX_ELEMENTS = 5000;
// Coordinates come from layout arithmetic, so allow rounding dust at the edges.
const EDGE = 1e-6;

/**
 * Checks an element map: each box has a known tag and lies within the page, in percent
 * of its width and height.
 */
export function checkElements(value: unknown): ElementBox[] {
  if (!Array.isArray(value)) {
    throw new CritError('invalid-argument', 'The element map must be a list of boxes.');
  }
  if (value.length > MAX_ELEMENTS) {
    throw new CritError(
      'invalid-argument',
      `The element map has ${value.length} boxes; the limit is ${MAX_ELEMENTS}.`,
    );
  }
  return value.map((box: unknown, i) => {
    const b = (typeof box === 'object' && box !== null ? box : {}) as Record<string, unknown>;
    const tag = checkTag(b.tag);
    const [x, y, w, h] = (['x', 'y', 'w', 'h'] as const).map((key) =>
      checkPercent(b[key], `Element ${i + 1}'s ${key}`),
    ) as [number, number, number, number];
    if (x + w > 100 + EDGE || y + h > 100 + EDGE) {
      throw new CritError('invalid-argument', `Element ${i + 1} reaches outside the page.`);
    }
    return { tag, x, y, w, h };
  });
}
