import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { CritError } from '../../shared/errors.ts';
import {
  PACKAGE_FORMAT,
  PACKAGE_FORMAT_VERSION,
  designFileSchema,
  manifestSchema,
  type DesignFile,
  type ImageRef,
  type Manifest,
} from '../../shared/package-schemas.ts';
import { checkRecords } from './check-records.ts';
import { DESIGN_ENTRY, MANIFEST_ENTRY, imageEntryName } from './format.ts';

/** Where the writer gets an image's bytes: a map by SHA-256, or a function (e.g. the store). */
export type ImageSource =
  ReadonlyMap<string, Uint8Array> | ((ref: ImageRef) => Uint8Array | Promise<Uint8Array>);

/** Everything a package is made from. */
export interface PackageContents {
  /** The design's records, as `design.json` will hold them. */
  records: DesignFile;
  /** The bytes of every image a page or avatar uses. */
  images: ImageSource;
  /** The Crit version writing the package. */
  appVersion: string;
  /** The exporting device's id. */
  deviceId: string;
  /** When the package is made; now unless given. */
  createdAt?: Date;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function imageBytes(source: ImageSource, ref: ImageRef): Promise<Uint8Array> {
  const bytes = typeof source === 'function' ? await source(ref) : source.get(ref.sha256);
  if (!bytes) {
    throw new CritError(
      'not-found',
      `The image ${ref.sha256}.${ref.ext} is missing from the store.`,
    );
  }
  if (sha256(bytes) !== ref.sha256) {
    throw new CritError('internal', `The stored image ${ref.sha256}.${ref.ext} is damaged.`);
  }
  return bytes;
}

/** Builds the zip in memory-light order: manifest, design.json, then images by name. */
async function buildZip(contents: PackageContents): Promise<yazl.ZipFile> {
  const parsed = designFileSchema.safeParse(contents.records);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CritError(
      'invalid-argument',
      `The design cannot be packaged: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const records = parsed.data;
  const refs = new Map<string, ImageRef>();
  for (const page of records.pages)
    refs.set(imageEntryName(page.image.sha256, page.image.ext), page.image);
  for (const r of records.reviewers)
    if (r.avatar) refs.set(imageEntryName(r.avatar.sha256, r.avatar.ext), r.avatar);
  checkRecords(records, records.design.id, new Set(refs.keys()));

  const createdAt = contents.createdAt ?? new Date();
  const design = Buffer.from(JSON.stringify(records));
  const images: [string, Uint8Array][] = [];
  for (const name of [...refs.keys()].sort()) {
    images.push([name, await imageBytes(contents.images, refs.get(name)!)]);
  }
  const manifest: Manifest = manifestSchema.parse({
    format: PACKAGE_FORMAT,
    formatVersion: PACKAGE_FORMAT_VERSION,
    appVersion: contents.appVersion,
    createdAt: createdAt.toISOString(),
    deviceId: contents.deviceId,
    designId: records.design.id,
    entries: [
      { name: DESIGN_ENTRY, size: design.length, sha256: sha256(design) },
      ...images.map(([name, bytes]) => ({ name, size: bytes.byteLength, sha256: sha256(bytes) })),
    ],
  });

  const zip = new yazl.ZipFile();
  const options = { mtime: createdAt };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, {
    ...options,
    compress: true,
  });
  zip.addBuffer(design, DESIGN_ENTRY, { ...options, compress: true });
  // Images are already compressed: deflating them again costs time and saves nothing.
  for (const [name, bytes] of images) {
    zip.addBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name, {
      ...options,
      compress: false,
    });
  }
  zip.end();
  return zip;
}

/**
 * Writes a review package into a Buffer. The records are checked with the same schemas
 * and rules the reader applies, and each image's bytes against its SHA-256, so Crit never
 * writes a package it would refuse. Throws `CritError` naming what is wrong.
 */
export async function writePackage(contents: PackageContents): Promise<Buffer> {
  const zip = await buildZip(contents);
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Writes a review package to `filePath`: into a temporary file beside it, flushed to disk,
 * then renamed over the target, so the target is either the whole package or untouched.
 */
export async function writePackageFile(contents: PackageContents, filePath: string): Promise<void> {
  const zip = await buildZip(contents);
  const temp = path.join(
    path.dirname(filePath),
    `.${path.basename(filePath)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await pipeline(zip.outputStream, fs.createWriteStream(temp, { flags: 'wx' }));
    const handle = await fsp.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(temp, filePath);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}
