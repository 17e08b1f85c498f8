import { z } from 'zod';

/**
 * The one rule for text a person types (names, descriptions, comments, replies), as a
 * zod schema: every call that carries such text uses it, and nothing checks text again.
 *
 * Lengths count code points (what `[...text].length` gives), so an emoji or a CJK
 * extension character counts as one character, as a person sees it, not as the two
 * UTF-16 units JavaScript strings use for it.
 */
export interface TextRule {
  /** What the text is, for messages: "A comment", "The page name". */
  label: string;
  /** Most code points allowed after trimming. */
  max: number;
  /**
   * A name: folded to one line (runs of white space become one space), and refused if it
   * holds bidirectional override or isolate controls, which can make a name display as
   * something other than what it is.
   */
  name?: boolean;
  /** Allow an empty text (a description); otherwise text must show something. */
  optional?: boolean;
}

/** A UTF-16 surrogate without its partner: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Control characters other than tab and line breaks: nothing a person types holds them. */
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Left-to-right/right-to-left embeddings and overrides (U+202A–202E) and isolates (U+2066–2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * What shows nothing: white space, format characters (zero-width spaces and joiners,
 * bidi marks, soft hyphens…), other default-ignorable code points (Hangul fillers,
 * variation selectors) and the blank Braille pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** The number of code points in `text`: the length every text limit counts. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** True when `text` shows nothing once white space and invisible characters are removed. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '').length === 0;
}

/**
 * Checks and cleans one text by `rule`: the error message for the first rule it breaks,
 * or the cleaned text (trimmed; names folded to one line).
 */
export function checkText(
  value: string,
  rule: TextRule,
): { ok: true; text: string } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  // Checked first: a lone surrogate would otherwise be replaced by U+FFFD on storage.
  if (LONE_SURROGATE.test(value)) {
    return fail(
      `${rule.label} contains a broken character (an unpaired UTF-16 surrogate); it may have been cut from a longer text.`,
    );
  }
  const text = rule.name ? value.replace(/\s+/g, ' ').trim() : value.trim();
  if (CONTROL.test(text)) return fail(`${rule.label} contains control characters.`);
  if (rule.name && BIDI_CONTROL.test(text)) {
    return fail(
      `${rule.label} contains bidirectional override or isolate characters (U+202A–202E, U+2066–2069), which can disguise a name.`,
    );
  }
  if (isBlank(text)) {
    if (rule.optional) return { ok: true, text: '' };
    return fail(`${rule.label} is required: it cannot be empty or only invisible characters.`);
  }
  const length = codePointLength(text);
  if (length > rule.max) {
    return fail(`${rule.label} is ${length} characters long; the limit is ${rule.max}.`);
  }
  return { ok: true, text };
}

/** A zod schema applying `rule`: its output is the cleaned text. */
export function textSchema(rule: TextRule) {
  return z.string({ message: `${rule.label} must be text.` }).transform((value, ctx) => {
    const checked = checkText(value, rule);
    if (checked.ok) return checked.text;
    ctx.addIssue({ code: 'custom', message: checked.message, input: value });
    return z.NEVER;
  });
}
