import zlib from 'node:zlib';
import type { DesignFile } from '../../../../src/shared/package-schemas.ts';
import { makeImage, sampleDesign, sha256 } from './fixtures.ts';
import { manifestFor, rawZip, type RawEntry } from './raw-zip.ts';

/**
 * Builders of hostile packages, from a signed sample design. Call `prepareHostileCases()`
 * once before building.
 */
export let base: Awaited<ReturnType<typeof sampleDesign>>;
export let jpeg: Buffer;

/** Makes the signed sample design and images the cases are built from. */
export async function prepareHostileCases(): Promise<void> {
  base = await sampleDesign();
  jpeg = await makeImage('#123456', 'jpeg');
}

export const json = (value: unknown) => Buffer.from(JSON.stringify(value));
export const imageEntries = (images: Map<string, Buffer>): RawEntry[] =>
  [...images].map(([hash, data]) => ({ name: `images/${hash}.png`, data }));

/** A package of `file` and `images` with an honest manifest, then `extra` entries after it. */
export function pkg(
  file: DesignFile = base.file,
  images = base.images,
  extra: RawEntry[] = [],
): Buffer {
  const entries = [{ name: 'design.json', data: json(file) }, ...imageEntries(images)];
  return rawZip([manifestFor(entries, file.design.id), ...entries, ...extra]);
}
/** The base design with `change` applied to a copy of its records. */
export function withRecords(change: (file: DesignFile) => void): Buffer {
  const file = structuredClone(base.file);
  change(file);
  return pkg(file);
}
/** The base package's entries, changed by `change`, under an honest manifest. */
export function withEntries(change: (entries: RawEntry[]) => RawEntry[]): Buffer {
  const entries = change([
    { name: 'design.json', data: json(base.file) },
    ...imageEntries(base.images),
  ]);
  return rawZip([
    manifestFor(
      entries.filter((e) => e.name !== 'manifest.json'),
      base.file.design.id,
    ),
    ...entries,
  ]);
}

/** A PNG that claims 10,000 × 16,000 px and really holds them: 160 MB of pixels in a few hundred KB. */
export async function pngBomb(): Promise<Buffer> {
  const width = 10_000;
  const height = 16_000;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // 8-bit grey
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const rows = Buffer.alloc((width + 1) * 1000); // each row: filter byte 0, then zeros
  for (let i = 0; i < height / 1000; i++) deflate.write(rows);
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A package whose first page's image is `bytes`, named by their hash with `ext`. */
export function withPageImage(bytes: Buffer, ext: 'png' | 'jpg' = 'png'): Buffer {
  const file = structuredClone(base.file);
  const page = file.pages[0]!;
  const images = new Map(base.images);
  images.delete(page.image.sha256);
  page.image.sha256 = sha256(bytes);
  page.image.ext = ext;
  const entries: RawEntry[] = [
    { name: 'design.json', data: json(file) },
    ...imageEntries(images),
    { name: `images/${sha256(bytes)}.${ext}`, data: bytes },
  ];
  return rawZip([manifestFor(entries, file.design.id), ...entries]);
}

/** A zip of `count` empty files (zip64, as the classic end record counts to 65,535). */
export function manyEntries(count: number): Buffer {
  return rawZip(
    Array.from({ length: count }, (_, i) => ({ name: `e${i}`, data: Buffer.alloc(0) })),
  );
}
