import type { ElementBox } from './element-map.ts';
import type { Tag } from './tags.ts';

export type { ElementBox } from './element-map.ts';
export { TAGS, type Tag } from './tags.ts';

/** Where a pin sits: x and y are percentages (0–100) of the image's width and height. */
export interface Position {
  x: number;
  y: number;
  page: string;
}

export type CommentStatus = 'open' | 'resolved';
export const COMMENT_STATUSES: readonly CommentStatus[] = ['open', 'resolved'];

export interface Reply {
  id: string;
  commentId: string;
  reviewerId: string;
  contents: string;
  /** ISO-8601 timestamp. */
  created_at: string;
  /** Arrived in a review package and not yet seen (`comments.markSeen`). */
  unread: boolean;
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
  status: CommentStatus;
  /**
   * The pin's number in a design of your own: its place in creation order on its page,
   * deleted comments counted, never reused, the same under every filter and on every
   * machine holding the same comments. Absent on sample comments, which the renderer
   * numbers as SPEC Part A says.
   */
  number?: number;
  /** Arrived in a review package and not yet seen (`comments.markSeen`). */
  unread: boolean;
  /**
   * Set when the page was captured again and the element this pin was dropped on is no
   * longer on it: the pin stayed where it was. Absent otherwise.
   */
  anchorGone?: true;
  replies: Reply[];
  /** ISO-8601 time its text or tag last changed after posting; absent if never edited. */
  editedAt?: string;
}

export type ReviewerRole = 'peer' | 'expert';
export const REVIEWER_ROLES: readonly ReviewerRole[] = ['peer', 'expert'];

export interface Reviewer {
  id: string;
  name: string;
  /** Avatar address. */
  img: string;
  comments: Comment[];
  role?: ReviewerRole;
}

export interface Page {
  id: string;
  name: string;
  /** Image address. */
  img: string;
  /** Small image address for lists and covers. */
  thumb?: string;
  width?: number;
  height?: number;
  /** The element map, where the page was captured or the sample ships one. */
  elements?: ElementBox[];
  /** Where a captured page came from; a new capture of the same source replaces it. */
  source?: PageSource;
}

/** The source of a captured page. */
export interface PageSource {
  /** The web address captured, or `file:` and the name of the local HTML file. */
  address: string;
  /** The viewport width, in CSS pixels. */
  width: number;
  /** What the capture said about the page, e.g. that it was cut at the height limit. */
  note?: string;
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

/** A design of the user's own, as the landing screen lists it. */
export interface DesignSummary {
  id: string;
  name: string;
  description: string;
  pageCount: number;
  commentCount: number;
  /** Thumbnail address of the first page, null while the design has no pages. */
  cover: string | null;
  /** ISO-8601 time of the last change to the design, its pages or its comments. */
  updatedAt: string;
}

/** A design as the workspace opens it: everything but the comments, which come per page. */
export interface DesignView {
  id: string;
  name: string;
  description: string;
  pages: Page[];
  /** People who commented in the design, and the local user; their `comments` are empty. */
  reviewers: Reviewer[];
  commentCount: number;
  /** Who made the design; null for one made before any profile (the local user's). */
  ownerId: string | null;
  /** The owner's name, as this machine knows it; null where `ownerId` is. */
  ownerName: string | null;
  /** Comments and replies that arrived in a package and are not yet seen, by page id. */
  unreadByPage: Record<string, number>;
  /** How many people like the design, and whether the local user does. */
  likes: DesignLikes;
}

/** A design's likes: how many people like it, and whether the local user is one of them. */
export interface DesignLikes {
  count: number;
  likedByMe: boolean;
}

/** The local user: the reviewer identity comments written on this machine carry. */
export interface Profile {
  reviewerId: string;
  name: string;
  role: ReviewerRole;
  /** Avatar address (an image in the store, or a generated initials avatar). */
  avatar: string;
}

/** What one person changed in a package that was opened, counted. */
export interface PackagePerson {
  reviewerId: string;
  name: string;
  /** Changes by kind and action, e.g. `{ "comment:new": 5, "reply:new": 2 }`. */
  counts: Record<string, number>;
  /** "5 new comments, 2 replies, 1 resolved". */
  text: string;
}

/** A record of a package that was left out, and why (a sentence naming it). */
export interface PackageRefusal {
  kind: 'design' | 'page' | 'reviewer' | 'comment' | 'reply' | 'status' | 'tombstone';
  id: string;
  message: string;
}

/** What opening a review package did (`packages.open`). */
export interface PackageOpened {
  designId: string;
  designName: string;
  /** The design was new to this machine. */
  created: boolean;
  /** Anything was written; false when the package brought nothing new. */
  changed: boolean;
  /** One line: "Jun Park: 5 new comments, 2 replies; Ada Moreno: 1 resolved" or "Nothing new." */
  summary: string;
  /** The same, per person. */
  people: PackagePerson[];
  /** Records left out (bad signature, not the author's to change, …); the rest merged. */
  refused: PackageRefusal[];
}

/** A review package made by `packages.export`, for the renderer to save or download. */
export interface PackageFile {
  /** `<design name>.critpkg`, safe as a file name. */
  fileName: string;
  bytes: Uint8Array;
}
