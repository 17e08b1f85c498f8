/** The kinds of element a comment can point at (SPEC A3). */
export const TAGS = [
  'header',
  'main',
  'logo',
  'list',
  'footer',
  'nav',
  'button',
  'form',
  'image',
] as const;

export type Tag = (typeof TAGS)[number];
