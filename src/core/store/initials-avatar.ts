/** Background colours for initials avatars; each keeps white text above 4.5:1 contrast. */
export const AVATAR_COLOURS = [
  '#b42318',
  '#b54708',
  '#027a48',
  '#0e7090',
  '#175cd3',
  '#3e4784',
  '#5925dc',
  '#9e1b8f',
  '#c11574',
  '#475467',
] as const;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an XML text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** A stable 32-bit FNV-1a hash, so the same seed always picks the same colour. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const firstGrapheme = (word: string) =>
  segmenter.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** Up to two initials: the first letters of the first and last words ("Ada Moreno" → "AM"). */
export function initialsOf(name: string): string {
  // Leading punctuation ("(Ada)", "<Moreno>") is not part of anyone's initials.
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}\p{Extended_Pictographic}]+/u, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = firstGrapheme(words[0] as string);
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1] as string) : '';
  return (first + last).toLocaleUpperCase();
}

/** The background colour an avatar gets for `seed`. */
export function avatarColour(seed: string): string {
  return AVATAR_COLOURS[hashSeed(seed) % AVATAR_COLOURS.length] as string;
}

/**
 * A square SVG avatar showing the person's initials on a colour picked from `seed`
 * (use the reviewer id, so the colour stays when the name changes). The name is
 * escaped, so any text is safe to put in.
 */
export function renderInitialsAvatar(name: string, seed: string): string {
  const label = escapeXml(name.trim() || 'Reviewer');
  const initials = escapeXml(initialsOf(name));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="256" height="256" fill="${avatarColour(seed)}"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="104" font-weight="600">${initials}</text>`,
    '</svg>',
  ].join('');
}
