/**
 * Builders of broken and hostile image bytes for the hostile-file corpus: plain images
 * from sharp, and byte surgery on PNG chunks, JPEG frame headers and WebP headers.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

export const text = (s: string) => new TextEncoder().encode(s);
export const solid = (width: number, height: number, channels: 1 | 2 | 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels: channels === 1 || channels === 2 ? 3 : channels,
      background: '#4477aa',
    },
  });
export const png = (width: number, height: number) => solid(width, height).png().toBuffer();
export const jpeg = (width: number, height: number) => solid(width, height).jpeg().toBuffer();
export const webp = (width: number, height: number) => solid(width, height).webp().toBuffer();
export const noisy = async (format: 'png' | 'jpeg' | 'webp') => {
  const raw = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
    .toFormat(format)
    .toBuffer();
};
export const cut = async (bytes: Promise<Buffer>, fraction: number) => {
  const whole = await bytes;
  return whole.subarray(0, Math.floor(whole.length * fraction));
};

/** PNG chunks, to rebuild files with chunks missing, altered or added. */
export function chunks(file: Buffer): { type: string; data: Buffer }[] {
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
export function chunk(type: string, data: Buffer, crc?: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc ?? zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, sum]);
}
export const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const rebuild = (list: { type: string; data: Buffer; crc?: number }[]) =>
  Buffer.concat([SIGNATURE, ...list.map((c) => chunk(c.type, c.data, c.crc))]);

/** A PNG whose header claims another size; the pixel data stays small. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const list = chunks(await png(8, 8));
  const ihdr = Buffer.from(list[0]!.data);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return rebuild([{ type: 'IHDR', data: ihdr }, ...list.slice(1)]);
}

/** A JPEG whose frame header (SOF0) claims another size. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
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
export async function webpClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await solid(8, 8).webp({ lossless: true }).toBuffer());
  const bits = file.readUInt32LE(21);
  file.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return file;
}

/** An APNG of two 20 × 10 frames, green then red, assembled from two plain PNGs. */
export async function apng(): Promise<Buffer> {
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

export async function pngWith(
  edit: (list: { type: string; data: Buffer; crc?: number }[]) => typeof list,
) {
  return rebuild(edit(chunks(await noisy('png'))));
}

/** A legal PNG padded after IEND to exactly `size` bytes. */
export async function paddedTo(size: number): Promise<Buffer> {
  const file = await png(16, 16);
  return Buffer.concat([file, Buffer.alloc(size - file.length)]);
}
