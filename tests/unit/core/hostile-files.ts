/**
 * A corpus of hostile and broken image files, built at run time with sharp and byte
 * surgery, each with what Crit must answer: accepted (with the size it must report)
 * or refused with a typed error whose message names the problem.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../src/core/store/image-intake.ts';

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

const text = (s: string) => new TextEncoder().encode(s);
const solid = (width: number, height: number, channels: 1 | 2 | 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels: channels === 1 || channels === 2 ? 3 : channels,
      background: '#4477aa',
    },
  });
const png = (width: number, height: number) => solid(width, height).png().toBuffer();
const jpeg = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
const webp = (width: number, height: number) => solid(width, height).webp().toBuffer();
const noisy = async (format: 'png' | 'jpeg' | 'webp') => {
  const raw = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
    .toFormat(format)
    .toBuffer();
};
const cut = async (bytes: Promise<Buffer>, fraction: number) => {
  const whole = await bytes;
  return whole.subarray(0, Math.floor(whole.length * fraction));
};

/** PNG chunks, to rebuild files with chunks missing, altered or added. */
function chunks(file: Buffer): { type: string; data: Buffer }[] {
  const list: { type: string; data: Buffer }[] = [];
  for (let at = 8; at + 12 <= file.length;) {
    const length = file.readUInt32BE(at);
    list.push({
      type: file.toString('latin1', at + 4, at + 8),
      data: file.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return list;
}
function chunk(type: string, data: Buffer, crc?: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc ?? zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, sum]);
}
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const rebuild = (list: { type: string; data: Buffer; crc?: number }[]) =>
  Buffer.concat([SIGNATURE, ...list.map((c) => chunk(c.type, c.data, c.crc))]);

/** A PNG whose header claims another size; the pixel data stays small. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const list = chunks(await png(8, 8));
  const ihdr = Buffer.from(list[0]!.data);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return rebuild([{ type: 'IHDR', data: ihdr }, ...list.slice(1)]);
}

/** A JPEG whose frame header (SOF0) claims another size. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await jpeg(16, 16));
  for (let at = 2; at < file.length;) {
    const marker = file[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      file.writeUInt16BE(height, at + 5);
      file.writeUInt16BE(width, at + 7);
      return file;
    }
    at += 2 + file.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}

/** A lossless WebP whose VP8L header claims another size (libwebp stops at 16383 a side). */
async function webpClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await solid(8, 8).webp({ lossless: true }).toBuffer());
  const bits = file.readUInt32LE(21);
  file.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return file;
}

/** An APNG of two 20 × 10 frames, green then red, assembled from two plain PNGs. */
async function apng(): Promise<Buffer> {
  const [a, b] = await Promise.all(
    ['#00ff00', '#ff0000'].map((c) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background: c } })
        .png()
        .toBuffer(),
    ),
  );
  const first = chunks(a!);
  const idat = (file: Buffer) =>
    Buffer.concat(
      chunks(file)
        .filter((c) => c.type === 'IDAT')
        .map((c) => c.data),
    );
  const fctl = (sequence: number) => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence, 0);
    data.writeUInt32BE(20, 4);
    data.writeUInt32BE(10, 8);
    data.writeUInt16BE(1, 20);
    data.writeUInt16BE(2, 22);
    return data;
  };
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(2, 0);
  const seq = Buffer.alloc(4);
  seq.writeUInt32BE(2, 0);
  return rebuild([
    first[0]!,
    { type: 'acTL', data: actl },
    { type: 'fcTL', data: fctl(0) },
    { type: 'IDAT', data: idat(a!) },
    { type: 'fcTL', data: fctl(1) },
    { type: 'fdAT', data: Buffer.concat([seq, idat(b!)]) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ]);
}

async function pngWith(
  edit: (list: { type: string; data: Buffer; crc?: number }[]) => typeof list,
) {
  return rebuild(edit(chunks(await noisy('png'))));
}

/** A legal PNG padded after IEND to exactly `size` bytes. */
async function paddedTo(size: number): Promise<Buffer> {
  const file = await png(16, 16);
  return Buffer.concat([file, Buffer.alloc(size - file.length)]);
}

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
