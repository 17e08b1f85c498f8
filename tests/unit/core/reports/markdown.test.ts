import { describe, expect, test } from 'vitest';
import {
  escapeMarkdown,
  pageImageName,
  reportMarkdown,
} from '../../../../src/core/reports/markdown.ts';
import { HOSTILE_TEXTS, modelWith, reportComment } from './fixtures.ts';

/** Removes the backslash escapes, as a Markdown renderer shows the text. */
function unescape(markdown: string): string {
  return markdown
    .replaceAll('  \n', '\n')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\\([\\`*_{}[\]()<>#+\-.!|~&])/g, '$1');
}

describe('Markdown', () => {
  test.each(HOSTILE_TEXTS)('escapes what Markdown would interpret: %j', (text) => {
    const escaped = escapeMarkdown(text);
    // Every markup character is preceded by a backslash…
    expect(escaped.replace(/&#\d+;/g, '').replace(/\\[\\`*_{}[\]()<>#+\-.!|~&]/g, '')).not.toMatch(/[`*_[\]<>#|~]/);
    // …and nothing else is lost.
    expect(unescape(escaped)).toBe(text.replace(/\r\n?/g, '\n'));
  });

  test('a heading per comment, under its page, with the page image beside the file', async () => {
    const model = await modelWith([
      reportComment({ number: 1, contents: 'Logo is blurry', tag: 'logo' }),
      reportComment({
        number: 2,
        contents: '# Not a heading',
        status: 'resolved',
        replies: [
          { author: 'Jun Park', role: 'peer', createdAt: '2026-11-21T08:00:00Z', contents: 'Done' },
        ],
      }),
    ]);
    const md = reportMarkdown(model);
    expect(md).toContain('## Cart');
    expect(md).toContain(`![Cart](images/${pageImageName(0, 'Cart')})`);
    expect(md).toContain('### 1\\. logo · open');
    expect(md).toContain('### 2\\. nav · resolved');
    expect(md).toContain('\\# Not a heading');
    expect(md).toContain('> **Jun Park**, peer');
    expect(md.match(/^### /gm)).toHaveLength(2);
  });

  test('page image names are safe file names', () => {
    expect(pageImageName(0, 'Home / Hero')).toBe('01-home-hero.png');
    expect(pageImageName(11, '../../etc/passwd')).toBe('12-etc-passwd.png');
    expect(pageImageName(2, '!!!')).toBe('03-page.png');
  });
});
