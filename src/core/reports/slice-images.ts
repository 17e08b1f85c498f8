import sharp from 'sharp';
import { printScale } from './layout.ts';
import type { ReportComment, ReportPage } from './report-model.ts';
import { placePins, planSlices, type PlacedPin, type Slice } from './slicing.ts';

/** Widest image a report embeds; wider screenshots are scaled down (still sharp in print). */
const MAX_EMBED_WIDTH = 1600;

/** One band of a page's screenshot, encoded, with the pins drawn on it. */
export interface PreparedSlice extends Slice {
  /** JPEG bytes of the band. */
  jpeg: Uint8Array;
  /** Pixel size of the encoded band. */
  width: number;
  height: number;
  pins: PlacedPin<ReportComment>[];
}

/** A page ready to print: its slices and its display width on paper. */
export interface PreparedPage {
  page: ReportPage;
  displayWidth: number;
  slices: PreparedSlice[];
}

/**
 * Cuts a page's screenshot into print-page bands that no pin runs across, and encodes
 * each band. The image is decoded once; each band is cut from that decode.
 */
export async function prepareSlices(page: ReportPage): Promise<PreparedPage> {
  const { width, height } = page.image;
  const scale = printScale(width);
  const slices = planSlices(
    height,
    scale.maxSliceHeight,
    page.comments.map((c) => (c.y / 100) * height),
    scale.pinRadius,
  );
  const pins = placePins(slices, page.comments, page.image, scale.pinRadius);
  const factor = Math.min(1, MAX_EMBED_WIDTH / width);
  const { data, info } = await sharp(page.image.bytes, { limitInputPixels: false })
    .resize({ width: Math.round(width * factor) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const prepared = await Promise.all(
    slices.map(async (slice, i) => {
      const top = Math.floor(slice.top * factor);
      const bottom = Math.min(info.height, Math.max(top + 1, Math.floor(slice.bottom * factor)));
      const jpeg = await sharp(data, { raw: info })
        .extract({ left: 0, top, width: info.width, height: bottom - top })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
        .toBuffer();
      return {
        ...slice,
        jpeg: new Uint8Array(jpeg),
        width: info.width,
        height: bottom - top,
        pins: pins[i] ?? [],
      };
    }),
  );
  return { page, displayWidth: scale.displayWidth, slices: prepared };
}
