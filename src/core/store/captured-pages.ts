import type { DatabaseSync } from 'node:sqlite';
import type { Page } from '../../shared/domain.ts';
import type { MappedElement } from '../../shared/element-map.ts';
import { relocatePins, type AnchoredPin } from '../capture/relocate.ts';
import { isoOfStamp, stampNow } from './clock.ts';
import { storePageImage, type StoredPageImage } from './image-import.ts';
import type { ImageStore } from './image-store.ts';
import { checkElements, getPage, insertPageRow, updatePageImageRow } from './pages.ts';
import { assertOwnsDesign, localReviewerId, requireDesign, type PageRow } from './records.ts';
import { transaction } from './transaction.ts';

/** One width of a capture, ready to store. */
export interface CapturedPageInput {
  /** The page's name if it is new ("Pricing — 1440"); a re-captured page keeps its own. */
  name: string;
  /** The screenshot (PNG, or JPEG when a PNG would be over the file limit). */
  bytes: Uint8Array;
  /** The element map in percent of the screenshot, with selectors. */
  elements: MappedElement[];
  /** The source that identifies the page in its design: address and width. */
  address: string;
  width: number;
  /** What the capture said (a cut page), or null. */
  note: string | null;
}

/** The page of a design captured from this source before, if any. */
export function findCapturedPage(
  db: DatabaseSync,
  designId: string,
  address: string,
  width: number,
): PageRow | undefined {
  return db
    .prepare(
      `SELECT * FROM pages WHERE design_id = ? AND source_address = ? AND source_width = ?
       ORDER BY position LIMIT 1`,
    )
    .get(designId, address, width) as PageRow | undefined;
}

/** Refuses a capture into a design that is missing or not the local user's, before any work. */
export function assertMayCaptureInto(db: DatabaseSync, designId: string): void {
  assertOwnsDesign(db, requireDesign(db, designId));
}

/**
 * Stores the pages of one capture, all or nothing: every image is checked and stored
 * first (the same intake as an import), then one transaction adds each new page at the
 * end of the design, or, for a source captured before (same address and width), gives
 * that page the new image and map as a new version, keeping its id, name and comments,
 * whose pins follow their elements (`relocateComments`). Returns the pages in the order
 * given. Throws `not-found`, `conflict`, `invalid-argument`, `unsupported-file` or
 * `too-large`, and then no row changes.
 */
export async function storeCapturedPages(
  db: DatabaseSync,
  store: ImageStore,
  designId: string,
  pages: readonly CapturedPageInput[],
): Promise<Page[]> {
  assertMayCaptureInto(db, designId);
  const checked = pages.map((page) => checkElements(page.elements));
  const stored: StoredPageImage[] = [];
  for (const page of pages) stored.push(await storePageImage(store, page.bytes));
  const ids = transaction(db, () =>
    pages.map((page, i) => {
      const elements = checked[i]!;
      const image = stored[i]!;
      const before = findCapturedPage(db, designId, page.address, page.width);
      let id: string;
      if (before) {
        id = before.id;
        updatePageImageRow(db, id, image, elements);
        relocateComments(db, before, image.info, elements);
      } else {
        id = insertPageRow(db, designId, page.name, image, elements);
      }
      db.prepare(
        'UPDATE pages SET source_address = ?, source_width = ?, capture_note = ? WHERE id = ?',
      ).run(page.address, page.width, page.note, id);
      return id;
    }),
  );
  return ids.map((id) => getPage(db, id));
}

interface PinRow {
  id: string;
  reviewer_id: string;
  x: number;
  y: number;
  updated_hlc: string;
  shown_x: number | null;
  shown_y: number | null;
  shown_for: string | null;
  anchor_selector: string | null;
  anchor_x: number | null;
  anchor_y: number | null;
  anchor_gone: number;
}

/**
 * Moves the pins of a re-captured page (inside the caller's transaction). Positions are
 * compared in pixels, since a full-page capture grows and shrinks at the bottom: a pin
 * whose element is found again goes to the same offset inside it; one whose element is
 * gone keeps its place on the page and is flagged; one without an element keeps its
 * place. The local user's pins are moved as any move of theirs is (a new version, signed
 * again on export); anyone else's signed pin is shown at its new place on this machine
 * without touching their record (`shown_*`, see migration v5CaptureAnchors).
 */
function relocateComments(
  db: DatabaseSync,
  old: PageRow,
  now: { width: number; height: number },
  elements: readonly MappedElement[],
): void {
  const rows = db
    .prepare(
      `SELECT id, reviewer_id, x, y, updated_hlc, shown_x, shown_y, shown_for, anchor_selector,
         anchor_x, anchor_y, anchor_gone FROM comments WHERE page_id = ?`,
    )
    .all(old.id) as unknown as PinRow[];
  if (rows.length === 0) return;
  const px = (m: MappedElement): MappedElement => ({
    ...m,
    x: (m.x * now.width) / 100,
    y: (m.y * now.height) / 100,
    w: (m.w * now.width) / 100,
    h: (m.h * now.height) / 100,
  });
  const shownAt = (row: PinRow) => {
    const shown = row.shown_for !== null && row.shown_for === row.updated_hlc;
    return shown ? { x: row.shown_x ?? row.x, y: row.shown_y ?? row.y } : { x: row.x, y: row.y };
  };
  const pins: AnchoredPin[] = rows.map((row) => {
    const { x, y } = shownAt(row);
    const pin: AnchoredPin = { id: row.id, x: (x * old.width) / 100, y: (y * old.height) / 100 };
    if (row.anchor_selector !== null && row.anchor_x !== null && row.anchor_y !== null) {
      pin.selector = row.anchor_selector;
      pin.offset = { x: row.anchor_x, y: row.anchor_y };
    }
    return pin;
  });
  const me = localReviewerId(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pct = (v: number, of: number) => Math.min(100, Math.max(0, (v / of) * 100));
  for (const moved of relocatePins(pins, elements.map(px), false)) {
    const row = byId.get(moved.id)!;
    const x = pct(moved.x, now.width);
    const y = pct(moved.y, now.height);
    const gone = moved.outcome === 'element-gone' ? 1 : 0;
    const was = shownAt(row);
    if (Math.abs(was.x - x) < 1e-9 && Math.abs(was.y - y) < 1e-9 && gone === row.anchor_gone) {
      continue;
    }
    if (row.reviewer_id === me) {
      const stamp = stampNow(db);
      db.prepare(
        `UPDATE comments SET x = ?, y = ?, updated_at = ?, updated_hlc = ?, sig = NULL,
           anchor_gone = ?, shown_x = NULL, shown_y = NULL, shown_for = NULL WHERE id = ?`,
      ).run(x, y, isoOfStamp(stamp), stamp, gone, row.id);
    } else {
      db.prepare(
        `UPDATE comments SET shown_x = ?, shown_y = ?, shown_for = updated_hlc, anchor_gone = ?
         WHERE id = ?`,
      ).run(x, y, gone, row.id);
    }
  }
}
