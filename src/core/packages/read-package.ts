import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { CritError } from '../../shared/errors.ts';
import {
  PACKAGE_FORMAT,
  PACKAGE_FORMAT_VERSION,
  designFileSchema,
  manifestHeadSchema,
  manifestSchema,
  type DesignFile,
  type Manifest,
} from '../../shared/package-schemas.ts';
import { checkRecords } from './check-records.ts';
import { DESIGN_ENTRY, MANIFEST_ENTRY, PACKAGE_LIMITS, type PackageLimits } from './format.ts';
import { checkPackageImage, type CheckedImage } from './image-check.ts';
import { readZipEntries, type ZipEntryData } from './zip-reader.ts';

/** A package that passed every check: its manifest, records and images, all in memory. */
export interface ReadPackage {
  manifest: Manifest;
  records: DesignFile;
  /** Images by entry name (`images/<sha256>.<ext>`), decoded and checked. */
  images: Map<string, CheckedImage & { sha256: string; bytes: Buffer }>;
}

export interface ReadOptions {
  /** Lower limits than the defaults (tests). */
  limits?: Partial<PackageLimits>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const refuse = (message: string) => new CritError('unsupported-file', message);

function parseJson(entry: ZipEntryData): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entry.bytes));
  } catch {
    throw refuse(`The package entry ${entry.name} is not valid JSON.`);
  }
}

/** Names the first problem zod found, with the record's index and id where there is one. */
function describeIssue(entry: string, error: z.ZodError, data: unknown): string {
  const issue = error.issues[0];
  if (!issue) return `The package entry ${entry} is not what Crit expects.`;
  const path = issue.path;
  let where = '';
  if (typeof path[0] === 'string' && typeof path[1] === 'number') {
    const record = (data as Record<string, unknown[]>)[path[0]]?.[path[1]] as
      { id?: unknown } | undefined;
    const id = typeof record?.id === 'string' ? ` (id ${record.id.slice(0, 40)})` : '';
    where = `${path[0]}[${path[1]}]${id}`;
    if (path.length > 2) where += `, field ${path.slice(2).join('.')}`;
  } else if (path.length > 0) {
    where = `field ${path.join('.')}`;
  }
  return `The package entry ${entry} is refused: ${where ? `${where}: ` : ''}${issue.message}`;
}

function parseManifest(entry: ZipEntryData): Manifest {
  const data = parseJson(entry);
  const head = manifestHeadSchema.safeParse(data);
  if (!head.success) {
    throw refuse(
      `The file is not a Crit review package: its manifest does not name the format ${PACKAGE_FORMAT}.`,
    );
  }
  if (head.data.formatVersion > PACKAGE_FORMAT_VERSION) {
    throw refuse(
      `This package was made by a newer version of Crit (package format ${head.data.formatVersion}; this Crit reads up to ${PACKAGE_FORMAT_VERSION}). Update Crit to open it.`,
    );
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) throw refuse(describeIssue(MANIFEST_ENTRY, parsed.error, data));
  return parsed.data;
}

/** Every entry but the manifest must be listed in it with its exact size and hash, and only those. */
function checkManifestEntries(manifest: Manifest, entries: ZipEntryData[]): void {
  const listed = new Map<string, { size: number; sha256: string }>();
  for (const e of manifest.entries) {
    if (listed.has(e.name)) throw refuse(`The manifest lists ${JSON.stringify(e.name)} twice.`);
    listed.set(e.name, e);
  }
  for (const entry of entries) {
    if (entry.kind.kind === 'manifest') continue;
    const expected = listed.get(entry.name);
    if (!expected) throw refuse(`The package entry ${entry.name} is not listed in the manifest.`);
    listed.delete(entry.name);
    if (expected.size !== entry.bytes.length) {
      throw refuse(
        `The package entry ${entry.name} is ${entry.bytes.length} bytes; the manifest says ${expected.size}.`,
      );
    }
    const digest = sha256(entry.bytes);
    if (digest !== expected.sha256) {
      throw refuse(`The package entry ${entry.name} does not match its SHA-256 in the manifest.`);
    }
    if (entry.kind.kind === 'image' && digest !== entry.kind.sha256) {
      throw refuse(`The package image ${entry.name} does not match the SHA-256 in its name.`);
    }
  }
  const missing = [...listed.keys()][0];
  if (missing !== undefined) {
    throw refuse(`The manifest lists ${JSON.stringify(missing)}, which the package does not hold.`);
  }
}

/**
 * Reads and checks a review package from its bytes or the path of its file, entirely in
 * memory; nothing is written anywhere. Refuses, with a `CritError` whose message names the
 * entry or record: anything the zip reader refuses (see `readZipEntries`), a missing or
 * malformed manifest, a package from a newer format version (asking to update Crit),
 * entries not listed in the manifest or differing from it in size or SHA-256, an image
 * whose SHA-256 is not its name, malformed records, records that do not hang together
 * (see `checkRecords`), and images that fail the same checks as an imported image.
 */
export async function readPackage(
  source: Buffer | string,
  options: ReadOptions = {},
): Promise<ReadPackage> {
  const limits = { ...PACKAGE_LIMITS, ...options.limits };
  const entries = await readZipEntries(source, limits);
  const manifestEntry = entries.find((e) => e.kind.kind === 'manifest');
  if (!manifestEntry)
    throw refuse(`The file is not a Crit review package: it has no ${MANIFEST_ENTRY}.`);
  const manifest = parseManifest(manifestEntry);
  const designEntry = entries.find((e) => e.kind.kind === 'design');
  if (!designEntry) throw refuse(`The package has no ${DESIGN_ENTRY}.`);
  checkManifestEntries(manifest, entries);

  const data = parseJson(designEntry);
  const parsed = designFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new CritError('invalid-argument', describeIssue(DESIGN_ENTRY, parsed.error, data));
  }
  const imageEntries = entries.filter((e) => e.kind.kind === 'image');
  checkRecords(parsed.data, manifest.designId, new Set(imageEntries.map((e) => e.name)));

  const images: ReadPackage['images'] = new Map();
  // One at a time: each check decodes a whole image.
  for (const entry of imageEntries) {
    const checked = await checkPackageImage(entry.bytes, entry.name);
    const digest = entry.kind.kind === 'image' ? entry.kind.sha256 : '';
    images.set(entry.name, { ...checked, sha256: digest, bytes: entry.bytes });
  }
  return { manifest, records: parsed.data, images };
}
