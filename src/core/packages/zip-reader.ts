import fsp from 'node:fs/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { CritError } from '../../shared/errors.ts';
import { classifyEntry, type EntryKind, type PackageLimits } from './format.ts';

/**
 * Reads a zip's entries into memory, refusing anything a review package may not hold.
 * Nothing is ever written: no entry name is used as a path, every entry ends up in a
 * buffer. Sizes are counted as the bytes come out of the inflater, whatever the headers
 * declare, so a zip bomb or a lying header is stopped at the cap.
 */

/** One accepted entry: its name, what the name stands for, and its bytes. */
export interface ZipEntryData {
  name: string;
  kind: EntryKind;
  bytes: Buffer;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

const refuse = (message: string) => new CritError('unsupported-file', message);
const tooLarge = (message: string) => new CritError('too-large', message);

/** Turns yauzl's own refusals into messages a person can act on. */
function explain(error: unknown): CritError {
  if (error instanceof CritError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message)) {
    return refuse(`The package holds an entry with an unsafe name (${message}).`);
  }
  if (/End of central directory record signature not found/.test(message)) {
    return refuse('The file is not a review package: it is not a zip, or it is cut short.');
  }
  return refuse(`The package is damaged: ${message}.`);
}

function capFor(kind: EntryKind, limits: PackageLimits): number {
  if (kind.kind === 'manifest') return limits.manifestBytes;
  if (kind.kind === 'design') return limits.designBytes;
  return limits.imageBytes;
}

/** Refuses entries by their header alone: names, types, encryption, methods, declared sizes. */
function checkHeader(entry: Entry, seen: Set<string>, limits: PackageLimits): EntryKind {
  const name = entry.fileName;
  const shown = JSON.stringify(name.slice(0, 120));
  if (seen.has(name)) throw refuse(`The package holds the entry ${shown} twice.`);
  seen.add(name);
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw refuse(`The package entry ${shown} is a symbolic link.`);
  if (name.endsWith('/') || mode === S_IFDIR) {
    throw refuse(`The package entry ${shown} is a directory; a package holds only files.`);
  }
  if (mode !== 0 && mode !== S_IFREG) {
    throw refuse(`The package entry ${shown} is not a regular file.`);
  }
  const kind = classifyEntry(name);
  if (!kind) {
    throw refuse(
      `The package holds an unexpected entry, ${shown}; a package holds manifest.json, design.json and images/<sha256>.<png|jpg|webp>.`,
    );
  }
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) {
    throw refuse(`The package entry ${shown} is encrypted.`);
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw refuse(`The package entry ${shown} uses an unsupported compression method.`);
  }
  const cap = capFor(kind, limits);
  if (entry.uncompressedSize > cap) {
    throw tooLarge(
      `The package entry ${shown} is ${entry.uncompressedSize} bytes; the limit is ${cap}.`,
    );
  }
  return kind;
}

function openStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/** Reads one entry's bytes, counting them as they are inflated. */
async function readEntryBytes(
  zip: ZipFile,
  entry: Entry,
  cap: number,
  budget: { left: number },
  limits: PackageLimits,
): Promise<Buffer> {
  const shown = JSON.stringify(entry.fileName);
  const stream = (await openStream(zip, entry)) as NodeJS.ReadableStream & {
    destroy(): void;
  };
  const chunks: Buffer[] = [];
  let count = 0;
  const ratioCap = Math.max(limits.ratioAllowance, entry.compressedSize * limits.ratio);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      count += chunk.length;
      if (count > cap) {
        throw tooLarge(`The package entry ${shown} is over its limit of ${cap} bytes.`);
      }
      if (entry.compressionMethod === 8 && count > ratioCap) {
        throw tooLarge(
          `The package entry ${shown} inflates to over ${limits.ratio} times its packed size (a zip bomb).`,
        );
      }
      if (count > budget.left) {
        throw tooLarge(`The package holds more than ${limits.totalBytes} bytes in all.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof CritError) throw error;
    throw refuse(`The package entry ${shown} is damaged: ${(error as Error).message}.`);
  }
  budget.left -= count;
  return Buffer.concat(chunks, count);
}

const OPTIONS = {
  lazyEntries: true,
  validateEntrySizes: true,
  strictFileNames: true,
  decodeStrings: true,
  autoClose: true,
} as const;

function openZip(source: Buffer | string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) =>
      error || !zip ? reject(explain(error)) : resolve(zip);
    if (typeof source === 'string') yauzl.open(source, OPTIONS, done);
    else yauzl.fromBuffer(source, OPTIONS, done);
  });
}

/**
 * Reads every entry of the zip in `source` (its bytes, or the path of a file, which is
 * only read) into memory. Refuses, with a `CritError` naming the entry and the problem:
 * more than `limits.entries` entries, duplicate names, directories, symbolic links and
 * other non-files, unsafe or unexpected names, encrypted entries, unknown compression,
 * entries over their cap (declared or counted), inflation ratios of a zip bomb, a total
 * over `limits.totalBytes`, sizes that disagree with the headers, and damaged zips.
 */
export async function readZipEntries(
  source: Buffer | string,
  limits: PackageLimits,
): Promise<ZipEntryData[]> {
  if (typeof source === 'string') {
    const stat = await fsp.stat(source).catch(() => null);
    if (!stat?.isFile()) throw new CritError('not-found', 'The package file cannot be read.');
    if (stat.size > limits.fileBytes) {
      throw tooLarge(`The package is ${stat.size} bytes; the limit is ${limits.fileBytes}.`);
    }
  } else if (source.length > limits.fileBytes) {
    throw tooLarge(`The package is ${source.length} bytes; the limit is ${limits.fileBytes}.`);
  }
  const zip = await openZip(source);
  const close = () => {
    if (zip.isOpen) zip.close();
  };
  if (zip.entryCount > limits.entries) {
    close();
    throw refuse(`The package holds ${zip.entryCount} entries; the limit is ${limits.entries}.`);
  }

  return new Promise<ZipEntryData[]>((resolve, reject) => {
    const out: ZipEntryData[] = [];
    const seen = new Set<string>();
    const budget = { left: limits.totalBytes };
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      close();
      reject(explain(error));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (!failed) resolve(out);
    });
    zip.on('entry', (entry: Entry) => {
      if (failed) return;
      let kind: EntryKind;
      try {
        kind = checkHeader(entry, seen, limits);
      } catch (error) {
        fail(error);
        return;
      }
      readEntryBytes(zip, entry, capFor(kind, limits), budget, limits).then((bytes) => {
        if (failed) return;
        out.push({ name: entry.fileName, kind, bytes });
        zip.readEntry();
      }, fail);
    });
    zip.readEntry();
  });
}
