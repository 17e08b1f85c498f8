import { z } from 'zod';
import { COMMENT_STATUSES, REVIEWER_ROLES, TAGS } from './domain.ts';
import { LIMITS } from './limits.ts';

/**
 * Schemas of the records a review package carries (docs/review-package.md). The length
 * limits come from `limits.ts`; the text rules mirror the store's `cleanText` (no control
 * characters, lengths in code points), which lives in the core and cannot be imported here.
 */

/** The format name every manifest carries. */
export const PACKAGE_FORMAT = 'crit-review-package';
/** The newest package format version this Crit reads and the one it writes. */
export const PACKAGE_FORMAT_VERSION = 1;

/**
 * A hybrid logical clock stamp as text: wall milliseconds (15 digits), counter (6 digits)
 * and device id, separated by dots, so that comparing the strings orders the stamps.
 */
export const HLC_PATTERN = /^(\d{15})\.(\d{6})\.([0-9A-Za-z_-]{1,64})$/;
/** A device id: letters, digits, `_` and `-`, 1–64 characters. */
export const DEVICE_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
/** A SHA-256 digest in lowercase hex. */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
/** Most element boxes one page may carry (the store's MAX_ELEMENTS). */
export const MAX_PACKAGE_ELEMENTS = 5000;

const EDGE = 1e-6;

function hasControlCharacters(text: string): boolean {
  return [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
  });
}

/** Text as Crit stores it: already trimmed, no control characters, 1..max code points. */
function text(max: number, label: string, singleLine = false) {
  return z
    .string()
    .refine((s) => s === s.trim(), `${label} has spaces around it.`)
    .refine((s) => !hasControlCharacters(s), `${label} contains control characters.`)
    .refine((s) => !singleLine || !/[\r\n]/.test(s), `${label} must be one line.`)
    .refine((s) => [...s].length >= 1, `${label} cannot be empty.`)
    .refine((s) => [...s].length <= max, `${label} is over ${max} characters.`);
}

const id = z.uuid({ message: 'Expected an id.' });
const percent = z.number().finite().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100');

/** A stamp of the hybrid logical clock, as its sortable text. */
export const hlcStampSchema = z.string().regex(HLC_PATTERN, 'Expected a clock stamp.');
/** A SHA-256 digest in lowercase hex. */
export const sha256Schema = z.string().regex(SHA256_PATTERN, 'Expected a SHA-256 digest.');
/** An Ed25519 public key: its 32 raw bytes in base64url (43 characters). */
export const publicKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a public key.');
/** An Ed25519 signature: its 64 raw bytes in base64url (86 characters). */
export const signatureSchema = z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'Expected a signature.');

/** An image a record refers to, stored in the package as `images/<sha256>.<ext>`. */
export const imageRefSchema = z.strictObject({
  sha256: sha256Schema,
  ext: z.enum(['png', 'jpg', 'webp']),
});

/** Fields every record carries: who wrote it, when (created, last updated) and its signature. */
const base = {
  id,
  author: id,
  created: hlcStampSchema,
  updated: hlcStampSchema,
  sig: signatureSchema,
};

export const designRecordSchema = z.strictObject({
  ...base,
  name: text(LIMITS.designName, 'The design name', true),
  description: z.union([z.literal(''), text(LIMITS.designDescription, 'The description')]),
});

const elementBoxSchema = z
  .strictObject({ tag: z.enum(TAGS), x: percent, y: percent, w: percent, h: percent })
  .refine((b) => b.x + b.w <= 100 + EDGE && b.y + b.h <= 100 + EDGE, 'reaches outside the page');

export const pageRecordSchema = z.strictObject({
  ...base,
  name: text(LIMITS.pageName, 'The page name', true),
  /** Place in the design's page list; ties are broken by id. */
  order: z.number().int().min(0).max(1_000_000),
  image: imageRefSchema.extend({
    width: z.number().int().min(1).max(100_000),
    height: z.number().int().min(1).max(100_000),
  }),
  elements: z.array(elementBoxSchema).max(MAX_PACKAGE_ELEMENTS).nullable(),
});

export const reviewerRecordSchema = z
  .strictObject({
    ...base,
    name: text(LIMITS.profileName, 'The name', true),
    role: z.enum(REVIEWER_ROLES),
    publicKey: publicKeySchema,
    avatar: imageRefSchema.nullable(),
  })
  .refine((r) => r.author === r.id, 'A reviewer record is written by that reviewer.');

export const commentRecordSchema = z.strictObject({
  ...base,
  pageId: id,
  tag: z.enum(TAGS),
  contents: text(LIMITS.commentText, 'A comment'),
  x: percent,
  y: percent,
});

export const replyRecordSchema = z.strictObject({
  ...base,
  commentId: id,
  contents: text(LIMITS.replyText, 'A reply'),
});

/** A comment's status; `id` is the comment's id, `author` who last set it. */
export const statusRecordSchema = z.strictObject({
  ...base,
  status: z.enum(COMMENT_STATUSES),
});

/**
 * A deletion, kept forever. `author` is the deleted record's author (the design's owner
 * for pages), `created` the deleted record's creation stamp (so pin numbers stay put),
 * `updated` the time of the deletion; `pageId` is the page of a deleted comment.
 */
export const tombstoneRecordSchema = z.strictObject({
  ...base,
  kind: z.enum(['page', 'comment', 'reply']),
  pageId: id.optional(),
});

/** `design.json`: everything a package says about one design. */
export const designFileSchema = z.strictObject({
  design: designRecordSchema,
  pages: z.array(pageRecordSchema).max(10_000),
  reviewers: z.array(reviewerRecordSchema).max(10_000),
  comments: z.array(commentRecordSchema).max(1_000_000),
  replies: z.array(replyRecordSchema).max(1_000_000),
  statuses: z.array(statusRecordSchema).max(1_000_000),
  tombstones: z.array(tombstoneRecordSchema).max(2_000_000),
});

/** Only the fields needed to decide whether this Crit can read a manifest at all. */
export const manifestHeadSchema = z.looseObject({
  format: z.literal(PACKAGE_FORMAT),
  formatVersion: z.number().int().min(1),
});

/** `manifest.json`: what the package is, who made it, and every other entry's size and hash. */
export const manifestSchema = z.strictObject({
  format: z.literal(PACKAGE_FORMAT),
  formatVersion: z.literal(PACKAGE_FORMAT_VERSION),
  appVersion: z.string().regex(/^[0-9A-Za-z.+-]{1,40}$/, 'Expected a version.'),
  createdAt: z.iso.datetime(),
  deviceId: z.string().regex(DEVICE_ID_PATTERN, 'Expected a device id.'),
  designId: id,
  entries: z
    .array(
      z.strictObject({
        name: z.string().max(200),
        size: z.number().int().min(0),
        sha256: sha256Schema,
      }),
    )
    .max(100_000),
});

export type ImageRef = z.infer<typeof imageRefSchema>;
export type DesignRecord = z.infer<typeof designRecordSchema>;
export type PageRecord = z.infer<typeof pageRecordSchema>;
export type ReviewerRecord = z.infer<typeof reviewerRecordSchema>;
export type CommentRecord = z.infer<typeof commentRecordSchema>;
export type ReplyRecord = z.infer<typeof replyRecordSchema>;
export type StatusRecord = z.infer<typeof statusRecordSchema>;
export type TombstoneRecord = z.infer<typeof tombstoneRecordSchema>;
export type DesignFile = z.infer<typeof designFileSchema>;
export type Manifest = z.infer<typeof manifestSchema>;
