import { z } from 'zod';
import { COMMENT_STATUSES, REVIEWER_ROLES, TAGS } from './domain.ts';
import { LIMITS } from './limits.ts';
import { textSchema } from './text.ts';
import { progressStep } from './events.ts';

/**
 * The argument schemas of the bridge calls, by name. The contract lists them per call;
 * the core's store takes their output types as its inputs, so a rule is written once.
 */

export const idSchema = z.uuid({ message: 'Expected an id.' });
export const sampleKeySchema = z.string().max(200);
/** A position on an image, in percent of its width or height. */
export const percentSchema = z.number().finite().min(0).max(100);
export const tagSchema = z.enum(TAGS);
export const commentStatusSchema = z.enum(COMMENT_STATUSES);
export const reviewerRoleSchema = z.enum(REVIEWER_ROLES);
/** A page's new place among its design's pages, 0-based. */
export const pageIndexSchema = z.number().int().min(0).max(100_000);

/** The bytes of an image file, at most `LIMITS.imageBytes` (the image rules are in core). */
export const imageBytesSchema = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected the bytes of a file.')
  .refine((b) => b.byteLength <= LIMITS.imageBytes, {
    message: `Files over ${LIMITS.imageBytes / 1024 / 1024} MiB are not accepted.`,
    // Read by the dispatcher: this refusal is `too-large`, said plainly.
    params: { code: 'too-large' },
  });

/** `packages.open`: the bytes of a `.critpkg` file, at most `LIMITS.packageBytes`. */
export const packageBytesSchema = z.strictObject({
  bytes: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected the bytes of a file.')
    .refine((b) => b.byteLength <= LIMITS.packageBytes, {
      message: `Review packages over ${LIMITS.packageBytes / 1024 / 1024} MiB are not accepted.`,
    }),
});

export const designNameSchema = textSchema({
  label: 'A name',
  max: LIMITS.designName,
  name: true,
});
export const designDescriptionSchema = textSchema({
  label: 'The description',
  max: LIMITS.designDescription,
  optional: true,
});
export const pageNameSchema = textSchema({
  label: 'A page name',
  max: LIMITS.pageName,
  name: true,
});
export const commentTextSchema = textSchema({ label: 'A comment', max: LIMITS.commentText });
export const replyTextSchema = textSchema({ label: 'A reply', max: LIMITS.replyText });
export const profileNameSchema = textSchema({
  label: 'Your name',
  max: LIMITS.profileName,
  name: true,
});

/** `designs.create`: a name, and a description that may be left out. */
export const newDesignSchema = z.strictObject({
  name: designNameSchema,
  description: designDescriptionSchema.default(''),
});

/** `pages.add`: a page at the end of a design, from an image file's bytes. */
export const newPageSchema = z.strictObject({
  designId: idSchema,
  name: pageNameSchema,
  bytes: imageBytesSchema,
  /** Where this file stands in a multi-file import, so main reports its progress. */
  task: progressStep.optional(),
});

/** `comments.add`: a pin on a page with its text (the author is the local user). */
export const newCommentSchema = z.strictObject({
  pageId: idSchema,
  tag: tagSchema,
  contents: commentTextSchema,
  x: percentSchema,
  y: percentSchema,
});

/** `comments.edit`: a new text and/or tag; what is left out stays as it is. */
export const commentEditSchema = z.strictObject({
  contents: commentTextSchema.optional(),
  tag: tagSchema.optional(),
});

/** `profile.save`: the local user's name, role and avatar. */
export const profileInputSchema = z.strictObject({
  name: profileNameSchema,
  role: reviewerRoleSchema,
  /** New avatar image; null removes it (initials); absent keeps the current one. */
  avatar: imageBytesSchema.nullable().optional(),
});

export type NewDesignInput = z.output<typeof newDesignSchema>;
export type NewPageInput = z.output<typeof newPageSchema>;
export type NewCommentInput = z.output<typeof newCommentSchema>;
export type CommentEdit = z.output<typeof commentEditSchema>;
export type ProfileInput = z.output<typeof profileInputSchema>;
