import type { DatabaseSync } from 'node:sqlite';
import { v4 } from 'uuid';
import type { Page } from '../../shared/domain.ts';
import {
  elementMapSchema,
  parseStoredElementMap,
  type ElementBox,
} from '../../shared/element-map.ts';
import { CritError } from '../../shared/errors.ts';
import type { NewPageInput } from '../../shared/schemas.ts';
import { storePageImage } from './image-import.ts';
import { imageAddress, type ImageExt, type ImageStore } from './image-store.ts';
import { isoOfStamp, stampNow } from './clock.ts';
import {
  assertOwnsDesign,
  requireDesign,
  requirePage,
  touchDesign,
  type PageRow,
} from './records.ts';
import { keepPageComments } from './keep-page-comments.ts';
import { writeTombstone } from './tombstones.ts';
import { transaction } from './transaction.ts';

/**
 * A new page as `pages.add` parsed it (name and bytes checked by the contract's schema;
 * the design is `addPage`'s own argument), with an element map for a captured page.
 */
export type NewPage = Omit<NewPageInput, 'designId'> & { elements?: ElementBox[] | null };

/**
 * Checks an element map before it is stored. No bridge call carries one yet (pages
 * come from image files), so the store applies the map's schema itself.
 */
function checkElements(elements: unknown): ElementBox[] {
  const parsed = elementMapSchema.safeParse(elements);
  if (!parsed.success) {
    throw new CritError(
      'invalid-argument',
      `The element map is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`,
    );
  }
  return parsed.data;
}

function toPage(row: PageRow): Page {
  const page: Page = {
    id: row.id,
    name: row.name,
    img: imageAddress(row.image_hash, row.image_ext as ImageExt),
    thumb: imageAddress(row.thumb_hash, 'webp'),
    width: row.width,
    height: row.height,
  };
  // Parsed with the map's schema, not cast: a damaged row reads as a page without a map.
  const elements = parseStoredElementMap(row.elements);
  if (elements) page.elements = elements;
  return page;
}

function pageRows(db: DatabaseSync, designId: string): PageRow[] {
  return db
    .prepare('SELECT * FROM pages WHERE design_id = ? ORDER BY position, id')
    .all(designId) as unknown as PageRow[];
}

/** Gives a design's pages positions 0..n-1 in the order given; a moved page is changed. */
function renumber(db: DatabaseSync, ids: string[], stamp: string): void {
  const update = db.prepare(
    `UPDATE pages SET position = ?, updated_at = ?, updated_hlc = ?, sig = NULL
     WHERE id = ? AND position <> ?`,
  );
  const at = isoOfStamp(stamp);
  ids.forEach((id, position) => update.run(position, at, stamp, id, position));
}

/** The page and its design, once the local user may change the design's pages. */
function ownedPage(db: DatabaseSync, pageId: string): PageRow {
  const page = requirePage(db, pageId);
  assertOwnsDesign(db, requireDesign(db, page.design_id));
  return page;
}

/** The pages of a design, in order. Throws `not-found` for an unknown design. */
export function listPages(db: DatabaseSync, designId: string): Page[] {
  requireDesign(db, designId);
  return pageRows(db, designId).map(toPage);
}

/** One page. Throws `not-found` for an unknown page. */
export function getPage(db: DatabaseSync, pageId: string): Page {
  return toPage(requirePage(db, pageId));
}

/**
 * Adds a page at the end of a design from an image file (PNG, JPEG or WebP, checked by
 * `inspectImage`), storing the image and a thumbnail. Naming a page after its file is
 * the caller's choice. Throws `not-found`, `invalid-argument`, `unsupported-file` or
 * `too-large`, and then nothing is added.
 */
export async function addPage(
  db: DatabaseSync,
  store: ImageStore,
  designId: string,
  page: NewPage,
): Promise<Page> {
  const { name } = page;
  assertOwnsDesign(db, requireDesign(db, designId));
  const elements = page.elements == null ? null : checkElements(page.elements);
  const { info, hash, thumbHash } = await storePageImage(store, page.bytes);

  const id = v4();
  transaction(db, () => {
    // Checked again: the design may have been deleted while the image was decoded.
    assertOwnsDesign(db, requireDesign(db, designId));
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    // One past the last: pages merged from a package may leave gaps.
    const { next } = db
      .prepare('SELECT COALESCE(MAX(position) + 1, 0) AS next FROM pages WHERE design_id = ?')
      .get(designId) as { next: number };
    db.prepare(
      `INSERT INTO pages (id, design_id, name, position, image_hash, image_ext, width, height,
         thumb_hash, elements, created_at, updated_at, created_hlc, updated_hlc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      designId,
      name,
      next,
      hash,
      info.ext,
      info.width,
      info.height,
      thumbHash,
      elements && JSON.stringify(elements),
      at,
      at,
      stamp,
      stamp,
    );
    touchDesign(db, designId, at);
  });
  return getPage(db, id);
}

/** Renames a page (the name as the contract's schema gave it). */
export function renamePage(db: DatabaseSync, pageId: string, name: string): Page {
  transaction(db, () => {
    const page = ownedPage(db, pageId);
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    db.prepare(
      'UPDATE pages SET name = ?, updated_at = ?, updated_hlc = ?, sig = NULL WHERE id = ?',
    ).run(name, at, stamp, page.id);
    touchDesign(db, page.design_id, at);
  });
  return getPage(db, pageId);
}

/**
 * Moves a page to `toIndex` (0-based) among its design's pages; the others close up so
 * positions stay 0..n-1. Returns the design's pages in their new order.
 */
export function movePage(db: DatabaseSync, pageId: string, toIndex: number): Page[] {
  return transaction(db, () => {
    const page = ownedPage(db, pageId);
    const ids = pageRows(db, page.design_id).map((row) => row.id);
    if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= ids.length) {
      throw new CritError(
        'invalid-argument',
        `A page can move to positions 0 to ${ids.length - 1}; ${String(toIndex)} is not one.`,
      );
    }
    const order = ids.filter((id) => id !== page.id);
    order.splice(toIndex, 0, page.id);
    const stamp = stampNow(db);
    renumber(db, order, stamp);
    touchDesign(db, page.design_id, isoOfStamp(stamp));
    return pageRows(db, page.design_id).map(toPage);
  });
}

/**
 * Deletes a page, as the design's owner, leaving a tombstone; the pages after it move
 * up. Its comments and their replies belong to their authors: they are kept out of
 * sight and travel on. Its image files stay in the store (see `collectGarbage`).
 */
export function deletePage(db: DatabaseSync, pageId: string): void {
  transaction(db, () => {
    const page = ownedPage(db, pageId);
    const stamp = stampNow(db);
    keepPageComments(db, page);
    writeTombstone(db, {
      id: page.id,
      design_id: page.design_id,
      kind: 'page',
      author: null,
      page_id: null,
      number: null,
      created_hlc: page.created_hlc,
      updated_hlc: stamp,
      sig: null,
    });
    db.prepare('DELETE FROM pages WHERE id = ?').run(page.id);
    renumber(
      db,
      pageRows(db, page.design_id).map((row) => row.id),
      stamp,
    );
    touchDesign(db, page.design_id, isoOfStamp(stamp));
  });
}

/**
 * Replaces a page's image with a newer version: new image, thumbnail and dimensions.
 * Comments stay where they were, since their positions are percentages of the image.
 * The element map is replaced by `elements` (for a re-capture) or cleared, since the
 * old map describes the old image.
 */
export async function replacePageImage(
  db: DatabaseSync,
  store: ImageStore,
  pageId: string,
  bytes: Uint8Array,
  elements: ElementBox[] | null = null,
): Promise<Page> {
  ownedPage(db, pageId);
  const checked = elements === null ? null : checkElements(elements);
  const { info, hash, thumbHash } = await storePageImage(store, bytes);
  transaction(db, () => {
    const page = ownedPage(db, pageId);
    const stamp = stampNow(db);
    const at = isoOfStamp(stamp);
    db.prepare(
      `UPDATE pages SET image_hash = ?, image_ext = ?, width = ?, height = ?, thumb_hash = ?,
         elements = ?, updated_at = ?, updated_hlc = ?, sig = NULL WHERE id = ?`,
    ).run(
      hash,
      info.ext,
      info.width,
      info.height,
      thumbHash,
      checked && JSON.stringify(checked),
      at,
      stamp,
      page.id,
    );
    touchDesign(db, page.design_id, at);
  });
  return getPage(db, pageId);
}
