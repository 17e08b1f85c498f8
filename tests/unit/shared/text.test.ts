import { describe, expect, test } from 'vitest';
import { lookupChannel } from '../../../src/shared/contract.ts';
import {
  commentTextSchema,
  designDescriptionSchema,
  designNameSchema,
  pageNameSchema,
  profileNameSchema,
  replyTextSchema,
} from '../../../src/shared/schemas.ts';
import { codePointLength } from '../../../src/shared/text.ts';

const NAMES = { design: designNameSchema, page: pageNameSchema, profile: profileNameSchema };
const BODIES = { comment: commentTextSchema, reply: replyTextSchema };
const ALL = { ...NAMES, ...BODIES };

/** The first message a schema gives for `value`, or null when it accepts it. */
function refusal(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value) as
      { success: true } | { success: false; error: { issues: { message: string }[] } };
    return result.success ? null : result.error.issues[0]!.message;
  };
}

describe('the one text rule', () => {
  test('names are trimmed and folded to one line; comments keep their line breaks', () => {
    expect(designNameSchema.parse('  Checkout \n\t flow ')).toBe('Checkout flow');
    expect(profileNameSchema.parse('Ada   Moreno')).toBe('Ada Moreno');
    expect(commentTextSchema.parse('  First line\n\nsecond  ')).toBe('First line\n\nsecond');
  });

  test('lengths count code points, not UTF-16 units', () => {
    expect(codePointLength('🎨a')).toBe(2);
    expect(designNameSchema.parse('🎨'.repeat(120))).toBe('🎨'.repeat(120));
    expect(refusal(designNameSchema)('🎨'.repeat(121))).toBe(
      'A name is 121 characters long; the limit is 120.',
    );
    expect(commentTextSchema.parse('y'.repeat(5000))).toHaveLength(5000);
    expect(refusal(commentTextSchema)('y'.repeat(5001))).toBe(
      'A comment is 5001 characters long; the limit is 5000.',
    );
    expect(refusal(profileNameSchema)('n'.repeat(81))).toMatch(
      /81 characters long; the limit is 80/,
    );
  });

  test('text that shows nothing once invisible characters are removed is refused', () => {
    const invisible = [
      '',
      '   ',
      '\n\t',
      '\u200B',
      '\u200B\u200C\u200D\uFEFF',
      '\u00A0\u3000\u2060',
      '\u3164',
      '\u00AD\u200E\u200F',
      ' \u2800 ',
    ];
    for (const [what, schema] of Object.entries(ALL)) {
      for (const value of invisible) {
        expect(refusal(schema)(value), `${what} ${JSON.stringify(value)}`).toMatch(
          /is required: it cannot be empty or only invisible characters/,
        );
      }
      // Visible text around invisible characters is kept as written.
      expect(schema.parse('a\u200Bb')).toBe('a\u200Bb');
    }
  });

  test('an optional description that shows nothing is stored as empty', () => {
    expect(designDescriptionSchema.parse('')).toBe('');
    expect(designDescriptionSchema.parse(' \u200B\u2060 ')).toBe('');
    expect(designDescriptionSchema.parse(' v2 ')).toBe('v2');
  });

  test('bidirectional overrides and isolates are refused in names, allowed in comments', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const code of controls) {
      const sneaky = `invoice${String.fromCharCode(code)}fdp.exe`;
      for (const [what, schema] of Object.entries(NAMES)) {
        expect(refusal(schema)(sneaky), `${what} U+${code.toString(16)}`).toMatch(
          /bidirectional override or isolate characters/,
        );
      }
      // Right-to-left passages in a comment are ordinary writing.
      expect(commentTextSchema.parse(`see ${String.fromCharCode(code)}שלום`)).toContain('שלום');
    }
    // The marks that only hint a direction are not overrides.
    expect(designNameSchema.parse('a\u200Fb')).toBe('a\u200Fb');
  });

  test('a lone surrogate is refused with a message, not replaced', () => {
    const broken = ['\uD800', 'a\uDC00b', '🎨'.slice(0, 1), `x${'🎨'.slice(1)}`];
    for (const [what, schema] of Object.entries(ALL)) {
      for (const value of broken) {
        expect(refusal(schema)(value), `${what} ${JSON.stringify(value)}`).toMatch(
          /broken character \(an unpaired UTF-16 surrogate\)/,
        );
      }
    }
    expect(refusal(designDescriptionSchema)('\uDBFF')).toMatch(/unpaired UTF-16 surrogate/);
    // A whole pair is a character like any other.
    expect(commentTextSchema.parse('🎨')).toBe('🎨');
  });

  test('control characters other than tab and line breaks are refused', () => {
    for (const value of ['nul\u0000byte', 'bell\u0007', 'del\u007F', 'esc\u001B[31m']) {
      expect(refusal(commentTextSchema)(value)).toBe('A comment contains control characters.');
    }
    expect(commentTextSchema.parse('a\tb\r\nc')).toBe('a\tb\r\nc');
  });

  test('anything but a string is refused', () => {
    for (const value of [42, null, undefined, {}, ['a']]) {
      expect(refusal(replyTextSchema)(value)).toBe('A reply must be text.');
    }
  });

  test('the contract applies the rule to every call that carries a name or text', () => {
    const bad = '\u200B';
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, unknown[]][] = [
      ['designs:create', [{ name: bad }]],
      ['designs:rename', [id, bad]],
      ['pages:rename', [id, bad]],
      ['comments:add', [{ pageId: id, tag: 'nav', contents: bad, x: 1, y: 1 }]],
      ['comments:edit', [id, { contents: bad }]],
      ['comments:reply', [id, bad]],
      ['comments:editReply', [id, bad]],
      ['profile:save', [{ name: bad, role: 'peer' }]],
    ];
    for (const [channel, args] of calls) {
      const parsed = lookupChannel(channel)!.args.safeParse(args);
      expect(parsed.success, channel).toBe(false);
      expect(parsed.error!.issues[0]!.message, channel).toMatch(/cannot be empty/);
    }
    expect(
      lookupChannel('pages:add')!.args.safeParse([
        { designId: id, name: 'a\u202Eb', bytes: new Uint8Array(1) },
      ]).error!.issues[0]!.message,
    ).toMatch(/bidirectional/);
  });
});
