import { LIMITS } from '../../shared/limits.ts';

/** The file name extension of a review package. */
export const PACKAGE_EXTENSION = '.critpkg';
/** The manifest's entry name. */
export const MANIFEST_ENTRY = 'manifest.json';
/** The records' entry name. */
export const DESIGN_ENTRY = 'design.json';

/** How much of a package the reader will take in; each can be lowered for tests. */
export interface PackageLimits {
  /** Most entries in the zip's central directory. */
  entries: number;
  /** Largest manifest.json, in bytes, counted while inflating. */
  manifestBytes: number;
  /** Largest design.json, in bytes, counted while inflating. */
  designBytes: number;
  /** Largest image entry, in bytes: the same cap as an imported image. */
  imageBytes: number;
  /** Most bytes of all entries together, counted while inflating. */
  totalBytes: number;
  /** Most inflated bytes per compressed byte of one entry, beyond `ratioAllowance`. */
  ratio: number;
  /** Bytes an entry may inflate to whatever its ratio (small files compress oddly well). */
  ratioAllowance: number;
  /** Largest package file, in bytes. */
  fileBytes: number;
}

/** The limits a package is read under. */
export const PACKAGE_LIMITS: PackageLimits = {
  entries: 10_000,
  manifestBytes: 4 * 1024 * 1024,
  designBytes: 256 * 1024 * 1024,
  imageBytes: LIMITS.imageBytes,
  totalBytes: 2 * 1024 * 1024 * 1024,
  ratio: 200,
  ratioAllowance: 1024 * 1024,
  fileBytes: 2 * 1024 * 1024 * 1024,
};

const IMAGE_ENTRY = /^images\/([0-9a-f]{64})\.(png|jpg|webp)$/;

/** What an entry name stands for, or null for a name a package may not hold. */
export type EntryKind =
  | { kind: 'manifest' }
  | { kind: 'design' }
  | { kind: 'image'; sha256: string; ext: 'png' | 'jpg' | 'webp' };

/** Classifies an entry name; anything but the three expected shapes is null. */
export function classifyEntry(name: string): EntryKind | null {
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  if (name === DESIGN_ENTRY) return { kind: 'design' };
  const match = IMAGE_ENTRY.exec(name);
  if (!match) return null;
  return { kind: 'image', sha256: match[1]!, ext: match[2] as 'png' | 'jpg' | 'webp' };
}

/** The entry name of an image. */
export function imageEntryName(sha256: string, ext: string): string {
  return `images/${sha256}.${ext}`;
}
