/**
 * A corpus of hostile and broken image files, built at run time with sharp and byte
 * surgery, each with what Crit must answer: accepted (with the size it must report)
 * or refused with a typed error whose message names the problem.
 */
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../src/core/store/image-intake.ts';
import {
  text,
  solid,
  png,
  jpeg,
  webp,
  noisy,
  cut,
  SIGNATURE,
  pngClaiming,
  jpegClaiming,
  webpClaiming,
  apng,
  pngWith,
  paddedTo,
} from './hostile-bytes.ts';

export type Expected =
  | { accept: { width: number; height: number } }
  | { refuse: 'unsupported-file' | 'too-large'; message: RegExp };

export interface HostileFile {
  kind: string;
  bytes: () => Promise<Uint8Array>;
  expected: Expected;
}

const NOT_OURS = { refuse: 'unsupported-file', message: /not a PNG, JPEG or WebP image/ } as const;
const broken = (label: string) =>
  ({
    refuse: 'unsupported-file',
    message: new RegExp(`looks like a ${label} image but cannot be read`),
  }) as const;
const tooLarge = (message: RegExp) => ({ refuse: 'too-large', message }) as const;
const accept = (width: number, height: number) => ({ accept: { width, height } }) as const;

export const HOSTILE_FILES: HostileFile[] = [
  { kind: 'text renamed .png', bytes: async () => text('just some notes\n'), expected: NOT_OURS },
  {
    kind: 'zero bytes',
    bytes: async () => new Uint8Array(0),
    expected: { refuse: 'unsupported-file', message: /empty \(0 bytes\)/ },
  },
  { kind: 'one byte', bytes: async () => Uint8Array.of(0x89), expected: NOT_OURS },
  { kind: 'a kilobyte of zeros', bytes: async () => new Uint8Array(1024), expected: NOT_OURS },
  {
    kind: 'random bytes',
    bytes: async () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24),
    expected: NOT_OURS,
  },
  { kind: 'PNG signature only', bytes: async () => SIGNATURE, expected: broken('PNG') },
  { kind: 'PNG cut after IHDR', bytes: () => cut(png(64, 64), 0.3), expected: broken('PNG') },
  { kind: 'PNG cut in half', bytes: () => cut(noisy('png'), 0.5), expected: broken('PNG') },
  {
    kind: 'PNG without IEND',
    bytes: () => pngWith((l) => l.filter((c) => c.type !== 'IEND')),
    expected: broken('PNG'),
  },
  {
    kind: 'PNG with IDAT missing',
    bytes: () => pngWith((l) => l.filter((c) => c.type !== 'IDAT')),
    expected: broken('PNG'),
  },
  {
    kind: 'PNG with a corrupted IDAT CRC',
    bytes: () => pngWith((l) => l.map((c) => (c.type === 'IDAT' ? { ...c, crc: 0xdeadbeef } : c))),
    expected: broken('PNG'),
  },
  {
    kind: 'PNG with a corrupted IHDR CRC',
    bytes: () => pngWith((l) => l.map((c) => (c.type === 'IHDR' ? { ...c, crc: 1 } : c))),
    expected: broken('PNG'),
  },
  {
    kind: 'PNG with scrambled compressed data',
    bytes: () =>
      pngWith((l) =>
        l.map((c) =>
          c.type === 'IDAT'
            ? { ...c, data: Buffer.from(c.data.map((b, i) => (i > 2 ? b ^ 0x5a : b))) }
            : c,
        ),
      ),
    expected: broken('PNG'),
  },
  {
    kind: 'PNG with an impossible bit depth',
    bytes: () =>
      pngWith((l) =>
        l.map((c) =>
          c.type === 'IHDR'
            ? {
                ...c,
                data: Buffer.concat([c.data.subarray(0, 8), Buffer.of(7), c.data.subarray(9)]),
              }
            : c,
        ),
      ),
    expected: broken('PNG'),
  },
  { kind: 'PNG declaring zero width', bytes: () => pngClaiming(0, 8), expected: broken('PNG') },
  {
    kind: 'JPEG, SOI only',
    bytes: async () => Uint8Array.of(0xff, 0xd8, 0xff),
    expected: broken('JPEG'),
  },
  { kind: 'JPEG cut at 70%', bytes: () => cut(noisy('jpeg'), 0.7), expected: broken('JPEG') },
  { kind: 'JPEG cut in its header', bytes: () => cut(jpeg(64, 64), 0.1), expected: broken('JPEG') },
  {
    kind: 'WebP, RIFF header only',
    bytes: async () => text('RIFF\x10\x00\x00\x00WEBP'),
    expected: broken('WebP'),
  },
  { kind: 'WebP cut in half', bytes: () => cut(noisy('webp'), 0.5), expected: broken('WebP') },
  {
    kind: 'PNG bomb: 10000 × 15001 declared in 100 bytes',
    bytes: () => pngClaiming(10_000, 15_001),
    expected: tooLarge(/150\.1 megapixels/),
  },
  {
    kind: 'PNG bomb: 100000 × 100000 declared',
    bytes: () => pngClaiming(100_000, 100_000),
    expected: tooLarge(/100,000 px wide/),
  },
  {
    kind: 'JPEG bomb: 65000 × 65000 declared',
    bytes: () => jpegClaiming(65_000, 65_000),
    expected: tooLarge(/65,000 px wide/),
  },
  {
    kind: 'WebP bomb: 12000 × 12000 declared',
    bytes: () => webpClaiming(12_000, 12_000),
    expected: tooLarge(/12,000 px wide/),
  },
  {
    kind: 'PNG with its first magic byte wrong',
    bytes: async () => Buffer.concat([Buffer.of(0x88), (await png(8, 8)).subarray(1)]),
    expected: NOT_OURS,
  },
  {
    kind: 'SVG',
    bytes: async () =>
      text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    expected: NOT_OURS,
  },
  { kind: 'GIF', bytes: () => solid(20, 20).gif().toBuffer(), expected: NOT_OURS },
  {
    kind: 'animated GIF',
    bytes: async () =>
      sharp([await png(20, 10), await jpeg(20, 10)], { join: { animated: true } })
        .gif()
        .toBuffer(),
    expected: NOT_OURS,
  },
  { kind: 'TIFF', bytes: () => solid(20, 20).tiff().toBuffer(), expected: NOT_OURS },
  {
    kind: 'HEIC-like (ftyp heic box)',
    bytes: async () =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        text('ftypheic\0\0\0\0mif1heic'),
        Buffer.alloc(64),
      ]),
    expected: NOT_OURS,
  },
  {
    kind: 'PDF',
    bytes: async () =>
      text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    expected: NOT_OURS,
  },
  {
    kind: 'BMP',
    bytes: async () => Buffer.concat([text('BM'), Buffer.alloc(60)]),
    expected: NOT_OURS,
  },
  {
    kind: 'HTML with a PNG appended',
    bytes: async () =>
      Buffer.concat([text('<html><script>alert(1)</script></html>'), await png(8, 8)]),
    expected: NOT_OURS,
  },
  {
    kind: 'PNG with HTML after IEND (polyglot)',
    bytes: async () =>
      Buffer.concat([await png(12, 9), text('<html><script>alert(1)</script></html>')]),
    expected: accept(12, 9),
  },
  {
    kind: 'JPEG with a ZIP appended (polyglot)',
    bytes: async () => Buffer.concat([await jpeg(12, 9), text('PK\x03\x04'), Buffer.alloc(40)]),
    expected: accept(12, 9),
  },
  {
    kind: 'CMYK JPEG',
    bytes: () => solid(30, 20).toColourspace('cmyk').jpeg().toBuffer(),
    expected: accept(30, 20),
  },
  {
    kind: '16-bit PNG',
    bytes: () => solid(30, 20).toColourspace('rgb16').png().toBuffer(),
    expected: accept(30, 20),
  },
  {
    kind: 'grey + alpha PNG',
    bytes: () =>
      sharp({
        create: {
          width: 30,
          height: 20,
          channels: 4,
          background: { r: 90, g: 90, b: 90, alpha: 0.5 },
        },
      })
        .toColourspace('b-w')
        .png()
        .toBuffer(),
    expected: accept(30, 20),
  },
  {
    kind: 'palette PNG',
    bytes: () => solid(30, 20).png({ palette: true }).toBuffer(),
    expected: accept(30, 20),
  },
  {
    kind: 'EXIF-rotated JPEG at the height limit (40000 × 10, orientation 6)',
    bytes: () => solid(40_000, 10).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    expected: accept(10, 40_000),
  },
  {
    kind: 'EXIF-rotated JPEG beyond the height limit (40001 × 10, orientation 6)',
    bytes: () => solid(40_001, 10).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    expected: tooLarge(/40,001 px tall/),
  },
  {
    kind: 'EXIF-rotated JPEG beyond the width limit (10 × 10001, orientation 8)',
    bytes: () => solid(10, 10_001).jpeg().withMetadata({ orientation: 8 }).toBuffer(),
    expected: tooLarge(/10,001 px wide/),
  },
  {
    kind: 'animated WebP',
    bytes: async () =>
      sharp([await png(20, 10), await jpeg(20, 10)], { join: { animated: true } })
        .webp()
        .toBuffer(),
    expected: accept(20, 10),
  },
  { kind: 'animated PNG (APNG)', bytes: apng, expected: accept(20, 10) },
  { kind: '1 × 1 PNG', bytes: () => png(1, 1), expected: accept(1, 1) },
  {
    kind: 'exactly the width limit (10000 × 1)',
    bytes: () => png(10_000, 1),
    expected: accept(10_000, 1),
  },
  {
    kind: 'one over the width limit (10001 × 1)',
    bytes: () => png(10_001, 1),
    expected: tooLarge(/10,001 px wide/),
  },
  {
    kind: 'exactly the height limit (1 × 40000)',
    bytes: () => webp(1, 40_000).catch(() => png(1, 40_000)),
    expected: accept(1, 40_000),
  },
  {
    kind: 'one over the height limit (1 × 40001)',
    bytes: () => png(1, 40_001),
    expected: tooLarge(/40,001 px tall/),
  },
  {
    kind: 'exactly the pixel limit (10000 × 15000)',
    bytes: () => png(10_000, 15_000),
    expected: accept(10_000, 15_000),
  },
  {
    kind: 'one row over the pixel limit (10000 × 15001)',
    bytes: () => pngClaiming(10_000, 15_001),
    expected: tooLarge(/megapixels/),
  },
  {
    kind: 'exactly the file-size limit (40 MiB)',
    bytes: () => paddedTo(MAX_IMAGE_BYTES),
    expected: accept(16, 16),
  },
];

/** One byte over the file-size limit; the contract may refuse it before the core sees it. */
export const ONE_BYTE_OVER = async () => paddedTo(MAX_IMAGE_BYTES + 1);
