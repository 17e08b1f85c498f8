import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createHlc, encodeHlc, type Hlc } from '../../../../src/core/packages/hlc.ts';
import {
  generateKeyPair,
  signRecord,
  type KeyPair,
} from '../../../../src/core/packages/signing.ts';
import type {
  CommentRecord,
  DesignFile,
  DesignRecord,
  ImageRef,
  PageRecord,
  ReplyRecord,
  ReviewerRecord,
  StatusRecord,
  TombstoneRecord,
} from '../../../../src/shared/package-schemas.ts';

/** Someone on their own machine: a reviewer id, a key pair and a clock. */
export interface Person {
  id: string;
  name: string;
  keys: KeyPair;
  clock: Hlc;
}

let nextDevice = 0;
/** A person on a fresh device; `now` drives their wall clock. */
export function makePerson(name: string, now?: () => number): Person {
  nextDevice += 1;
  return {
    id: randomUUID(),
    name,
    keys: generateKeyPair(),
    clock: createHlc(`device-${nextDevice}`, now ? { now } : {}),
  };
}

/** A new stamp from the person's clock, as text. */
export const tick = (p: Person) => encodeHlc(p.clock.now());

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small real PNG (or JPEG / WebP) image. */
export async function makeImage(
  colour = '#3366aa',
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** Signs `fields` as `p`, stamped created = updated = now. */
function create<T extends object>(
  kind: Parameters<typeof signRecord>[0],
  designId: string,
  p: Person,
  fields: T,
) {
  const at = tick(p);
  return signRecord(kind, designId, { ...fields, author: p.id, created: at, updated: at }, p.keys);
}

export const reviewerRecord = (
  p: Person,
  designId: string,
  avatar: ImageRef | null = null,
): ReviewerRecord =>
  create('reviewer', designId, p, {
    id: p.id,
    name: p.name,
    role: 'peer' as const,
    publicKey: p.keys.publicKey,
    avatar,
  });

export const designRecord = (owner: Person, id = randomUUID(), name = 'Checkout'): DesignRecord =>
  create('design', id, owner, { id, name, description: '' });

export function pageRecord(
  owner: Person,
  designId: string,
  bytes: Buffer,
  order = 0,
  name = 'Home',
): PageRecord {
  const image = { sha256: sha256(bytes), ext: 'png' as const, width: 40, height: 30 };
  return create('page', designId, owner, { id: randomUUID(), name, order, image, elements: null });
}

export const commentRecord = (
  p: Person,
  designId: string,
  pageId: string,
  contents = 'Too small',
  x = 10,
  y = 20,
): CommentRecord =>
  create('comment', designId, p, {
    id: randomUUID(),
    pageId,
    tag: 'button' as const,
    contents,
    x,
    y,
  });

export const replyRecord = (
  p: Person,
  designId: string,
  commentId: string,
  contents = 'Agreed',
): ReplyRecord => create('reply', designId, p, { id: randomUUID(), commentId, contents });

export const statusRecord = (
  p: Person,
  designId: string,
  commentId: string,
  status: 'open' | 'resolved',
): StatusRecord => create('status', designId, p, { id: commentId, status });

/** A new version of `record` by `p`, with `changes` applied and a later `updated` stamp. */
export function edit<T extends { updated: string; sig: string }>(
  kind: Parameters<typeof signRecord>[0],
  designId: string,
  p: Person,
  record: T,
  changes: Partial<T>,
): T {
  return signRecord(kind, designId, { ...record, ...changes, updated: tick(p) }, p.keys);
}

/** The deletion of `record` (a page, comment or reply) by `p`. */
export function tombstoneOf(
  p: Person,
  designId: string,
  kind: 'page' | 'comment' | 'reply',
  record: { id: string; author: string; created: string; pageId?: string },
): TombstoneRecord {
  const fields = {
    id: record.id,
    kind,
    author: p.id,
    created: record.created,
    updated: tick(p),
    ...(kind === 'comment' ? { pageId: record.pageId } : {}),
  };
  return signRecord('tombstone', designId, fields, p.keys);
}

/** A design file holding only `design` and the given reviewers. */
export function emptyFile(design: DesignRecord, reviewers: ReviewerRecord[]): DesignFile {
  return { design, pages: [], reviewers, comments: [], replies: [], statuses: [], tombstones: [] };
}

/** A small, valid design: Ada owns it, Jun reviews it; two pages, comments, a reply, a status. */
export async function sampleDesign() {
  const ada = makePerson('Ada Moreno');
  const jun = makePerson('Jun Park');
  const design = designRecord(ada);
  const id = design.id;
  const home = await makeImage('#336699');
  const cart = await makeImage('#993366');
  const pages = [pageRecord(ada, id, home, 0, 'Home'), pageRecord(ada, id, cart, 1, 'Cart')];
  const c1 = commentRecord(jun, id, pages[0]!.id, 'The button is hard to see');
  const c2 = commentRecord(ada, id, pages[1]!.id, 'Totals need a label', 50, 50);
  const file: DesignFile = {
    design,
    pages,
    reviewers: [reviewerRecord(ada, id), reviewerRecord(jun, id)],
    comments: [c1, c2],
    replies: [replyRecord(ada, id, c1.id, 'Will fix')],
    statuses: [statusRecord(jun, id, c2.id, 'resolved')],
    tombstones: [],
  };
  const images = new Map([
    [sha256(home), home],
    [sha256(cart), cart],
  ]);
  return { ada, jun, file, images, pins: new Map([[ada.id, ada.keys.publicKey]]) };
}

/** The file with every list sorted by id, as a merge returns it. */
export function sortedFile(file: DesignFile): DesignFile {
  const by = <T extends { id: string }>(list: T[]) =>
    [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    design: file.design,
    pages: by(file.pages),
    reviewers: by(file.reviewers),
    comments: by(file.comments),
    replies: by(file.replies),
    statuses: by(file.statuses),
    tombstones: by(file.tombstones),
  };
}
