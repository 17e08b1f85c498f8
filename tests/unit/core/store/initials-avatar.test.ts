import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLOURS,
  avatarColour,
  initialsOf,
  renderInitialsAvatar,
} from '../../../../src/core/store/initials-avatar.ts';

describe('initials avatar', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Moreno')).toBe('AM');
    expect(initialsOf('  tomás  de la  silva ')).toBe('TS');
    expect(initialsOf('Priya')).toBe('P');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf('"Ada" (Moreno)')).toBe('AM');
    expect(initialsOf('-- ...')).toBe('?');
    expect(initialsOf('👩🏽‍💻 Coder')).toBe('👩🏽‍💻C'); // whole grapheme, not half an emoji
  });

  it('picks a stable colour from the seed', () => {
    expect(avatarColour('seed-1')).toBe(avatarColour('seed-1'));
    expect(AVATAR_COLOURS).toContain(avatarColour('seed-1'));
    const colours = new Set(Array.from({ length: 50 }, (_, i) => avatarColour(`id-${i}`)));
    expect(colours.size).toBeGreaterThan(5);
  });

  it('escapes the name so markup in it stays text', () => {
    const svg = renderInitialsAvatar(`"><script>alert(1)</script> & 'x'`, 'seed');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39;');
    expect(svg).toContain(`fill="${avatarColour('seed')}"`);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('escapes the accessible label', () => {
    expect(renderInitialsAvatar('a&b <c', 's')).toContain('>AC</text>');
    expect(renderInitialsAvatar('a&b <c', 's')).toContain('aria-label="a&amp;b &lt;c"');
  });
});
