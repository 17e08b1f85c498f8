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

/** Where a pin sits: x and y are percentages (0–100) of the image's width and height. */
export interface Position {
  x: number;
  y: number;
  page: string;
}

export interface Comment {
  id: string;
  contents: string;
  /** ISO-8601 timestamp. */
  created_at: string;
  reviewerId: string;
  pageId: string;
  tag: Tag;
  position: Position;
}

export interface Reviewer {
  id: string;
  name: string;
  /** Avatar address. */
  img: string;
  comments: Comment[];
}

export interface Page {
  id: string;
  name: string;
  /** Image address. */
  img: string;
}

/** A review as the workspace draws it: the design's title, pages and reviewers. */
export interface Review {
  title: string;
  pages: Page[];
  reviewers: Reviewer[];
}

/** A sample as listed on the landing screen. */
export interface SampleCard {
  key: string;
  name: string;
  description: string;
  preview: string;
  avatar: string;
}
