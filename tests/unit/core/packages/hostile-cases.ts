import type { PackageLimits } from '../../../../src/core/packages/format.ts';
import {
  base,
  imageEntries,
  jpeg,
  json,
  manyEntries,
  pkg,
  pngBomb,
  withEntries,
  withPageImage,
  withRecords,
} from './hostile-builders.ts';
import { sha256 } from './fixtures.ts';
import { manifestFor, rawZip } from './raw-zip.ts';

export { prepareHostileCases } from './hostile-builders.ts';

/** One hostile package: it must be refused whole, with a message matching `message`. */
export interface Case {
  name: string;
  make: () => Buffer | Promise<Buffer>;
  message: RegExp;
  limits?: Partial<PackageLimits>;
}

const firstImage = () => [...base.images.keys()][0]!;
export const cases: Case[] = [
  {
    name: 'zip-slip',
    make: () => pkg(undefined, undefined, [{ name: '../../evil.json', data: json({}) }]),
    message: /unsafe name \(invalid relative path: \.\.\/\.\.\/evil\.json\)/,
  },
  {
    name: 'zip-slip inside images/',
    make: () =>
      pkg(undefined, undefined, [{ name: 'images/../../../evil.png', data: Buffer.from('x') }]),
    message: /unsafe name \(invalid relative path/,
  },
  {
    name: 'an absolute name',
    make: () => pkg(undefined, undefined, [{ name: '/tmp/evil.json', data: json({}) }]),
    message: /unsafe name \(absolute path: \/tmp\/evil\.json\)/,
  },
  {
    name: 'a drive-letter name',
    make: () => pkg(undefined, undefined, [{ name: 'C:/evil.json', data: json({}) }]),
    message: /unsafe name \(absolute path: C:\/evil\.json\)/,
  },
  {
    name: 'a backslash name',
    make: () => pkg(undefined, undefined, [{ name: '..\\evil.json', data: json({}) }]),
    message: /unsafe name \(invalid characters/,
  },
  {
    name: 'a symbolic link entry',
    make: () =>
      withEntries((e) => [
        ...e.slice(0, 1),
        { name: `images/${firstImage()}.png`, data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        ...e.slice(2),
      ]),
    message: /images\/[0-9a-f]{64}\.png" is a symbolic link/,
  },
  {
    name: 'a directory entry',
    make: () =>
      pkg(undefined, undefined, [{ name: 'images/', data: Buffer.alloc(0), mode: 0o040755 }]),
    message: /"images\/" is a directory/,
  },
  {
    name: 'a device file entry',
    make: () => withEntries((e) => [e[0]!, { ...e[1]!, mode: 0o020644 }, ...e.slice(2)]),
    message: /images\/[0-9a-f]{64}\.png" is not a regular file/,
  },
  {
    name: '100,000 entries',
    make: () => manyEntries(100_000),
    message: /holds 100000 entries; the limit is 10000/,
  },
  {
    name: 'a zip bomb',
    make: () =>
      withEntries((e) => [
        { name: 'design.json', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
        ...e.slice(1),
      ]),
    message: /"design\.json" inflates to over 200 times its packed size \(a zip bomb\)/,
  },
  {
    name: 'a central directory that understates a size',
    make: () => withEntries((e) => [{ ...e[0]!, claimedSize: 10 }, ...e.slice(1)]),
    message: /"design\.json" is damaged: too many bytes/,
  },
  {
    name: 'both headers understating a size',
    make: () =>
      withEntries((e) => [{ ...e[0]!, claimedSize: 10, lieInLocal: true }, ...e.slice(1)]),
    message: /"design\.json" is damaged: too many bytes/,
  },
  {
    name: 'a stored entry whose sizes disagree',
    make: () => withEntries((e) => [e[0]!, { ...e[1]!, claimedCompressed: 5 }, ...e.slice(2)]),
    message: /damaged: compressed\/uncompressed size mismatch/,
  },
  {
    name: 'a declared size over the cap',
    make: () =>
      withEntries((e) => [
        e[0]!,
        { ...e[1]!, claimedSize: 2 ** 31, claimedCompressed: 2 ** 31 },
        ...e.slice(2),
      ]),
    message: /images\/[0-9a-f]{64}\.png" is 2147483648 bytes; the limit is 41943040/,
  },
  {
    name: 'a truncated zip',
    make: () => pkg().subarray(0, 2000),
    message: /not a review package: it is not a zip, or it is cut short/,
  },
  {
    name: 'a zip with its middle cut out',
    make: () => {
      const z = pkg();
      return Buffer.concat([z.subarray(0, 200), z.subarray(400)]);
    },
    message: /damaged/,
  },
  { name: 'an empty file', make: () => Buffer.alloc(0), message: /not a zip, or it is cut short/ },
  {
    name: 'an image renamed to .critpkg',
    make: () => base.images.values().next().value!,
    message: /not a zip, or it is cut short/,
  },
  {
    name: 'an image whose bytes do not match the manifest',
    make: () => {
      const z = pkg();
      const i = z.indexOf(base.images.values().next().value!.subarray(40, 60));
      z[i] = z[i]! ^ 0xff;
      return z;
    },
    message: /images\/[0-9a-f]{64}\.png does not match its SHA-256 in the manifest/,
  },
  {
    name: 'an image whose bytes do not match its name',
    make: () =>
      withEntries((e) => [
        e[0]!,
        { ...e[1]!, data: Buffer.concat([e[1]!.data, Buffer.from([0])]) },
        ...e.slice(2),
      ]),
    message: /images\/[0-9a-f]{64}\.png does not match the SHA-256 in its name/,
  },
  {
    name: 'a renamed text file',
    make: () => withPageImage(Buffer.from('hello, this is not a picture')),
    message: /images\/[0-9a-f]{64}\.png is refused: The file is not a PNG, JPEG or WebP image/,
  },
  {
    name: 'a JPEG named .png',
    make: () => withPageImage(jpeg),
    message: /images\/[0-9a-f]{64}\.png is a JPG file under another extension/,
  },
  {
    name: 'an image that is a decompression bomb',
    make: async () => withPageImage(await pngBomb()),
    message: /images\/[0-9a-f]{64}\.png is refused: The image has 160\.0 megapixels/,
  },
  {
    name: 'a non-image under images/',
    make: () => pkg(undefined, undefined, [{ name: 'images/readme.txt', data: Buffer.from('hi') }]),
    message: /unexpected entry, "images\/readme\.txt"/,
  },
  {
    name: 'an unexpected entry',
    make: () => pkg(undefined, undefined, [{ name: 'notes.txt', data: Buffer.from('hi') }]),
    message: /unexpected entry, "notes\.txt"/,
  },
  {
    name: 'an entry twice',
    make: () => pkg(undefined, undefined, [{ name: 'design.json', data: json(base.file) }]),
    message: /holds the entry "design\.json" twice/,
  },
  {
    name: 'an entry the manifest does not list',
    make: () => pkg(undefined, undefined, [{ name: `images/${sha256(jpeg)}.jpg`, data: jpeg }]),
    message: /images\/[0-9a-f]{64}\.jpg is not listed in the manifest/,
  },
  {
    name: 'an encrypted entry',
    make: () => withEntries((e) => [{ ...e[0]!, flags: 1 }, ...e.slice(1)]),
    message: /"design\.json" is encrypted/,
  },
  {
    name: 'an unknown compression method',
    make: () => withEntries((e) => [{ ...e[0]!, method: 12 as 0 }, ...e.slice(1)]),
    message: /"design\.json" uses an unsupported compression method/,
  },
  {
    name: 'malformed JSON',
    make: () =>
      withEntries((e) => [
        { name: 'design.json', data: Buffer.from('{"design": {') },
        ...e.slice(1),
      ]),
    message: /design\.json is not valid JSON/,
  },
  {
    name: 'oversized JSON',
    make: () => pkg(),
    limits: { designBytes: 1024 },
    message: /"design\.json" is \d+ bytes; the limit is 1024/,
  },
  {
    name: 'oversized JSON that hides its size',
    make: () =>
      withEntries((e) => [{ ...e[0]!, claimedSize: 100, lieInLocal: true }, ...e.slice(1)]),
    limits: { designBytes: 1024 },
    message: /"design\.json" (is over its limit of 1024 bytes|is damaged)/,
  },
  {
    name: 'a newer format version',
    make: () => {
      const e = [{ name: 'design.json', data: json(base.file) }, ...imageEntries(base.images)];
      return rawZip([
        manifestFor(e, base.file.design.id, { formatVersion: 2, somethingNew: true }),
        ...e,
      ]);
    },
    message:
      /made by a newer version of Crit \(package format 2; this Crit reads up to 1\)\. Update Crit to open it\./,
  },
  {
    name: 'another format',
    make: () => {
      const e = [{ name: 'design.json', data: json(base.file) }];
      return rawZip([manifestFor(e, base.file.design.id, { format: 'other' }), ...e]);
    },
    message: /not a Crit review package: its manifest does not name the format/,
  },
  {
    name: 'no manifest',
    make: () => rawZip([{ name: 'design.json', data: json(base.file) }]),
    message: /it has no manifest\.json/,
  },
  {
    name: 'a manifest listing a missing entry',
    make: () => {
      const e = [{ name: 'design.json', data: json(base.file) }, ...imageEntries(base.images)];
      return rawZip([manifestFor(e, base.file.design.id), ...e.slice(0, 2)]);
    },
    message: /manifest lists "images\/[0-9a-f]{64}\.png", which the package does not hold/,
  },
  {
    name: 'duplicate ids',
    make: () => withRecords((f) => f.comments.push({ ...f.comments[0]!, contents: 'again' })),
    message: /the comment [0-9a-f-]{36} appears twice/,
  },
  {
    name: 'a comment on a missing page',
    make: () =>
      withRecords((f) => (f.comments[0]!.pageId = '00000000-0000-4000-8000-000000000001')),
    message:
      /the comment [0-9a-f-]{36} is on page 00000000-0000-4000-8000-000000000001, which the package does not hold/,
  },
  {
    name: 'a reply to a missing comment',
    make: () =>
      withRecords((f) => (f.replies[0]!.commentId = '00000000-0000-4000-8000-000000000002')),
    message: /the reply [0-9a-f-]{36} answers comment 00000000-0000-4000-8000-000000000002/,
  },
  {
    name: 'an out-of-range position',
    make: () => withRecords((f) => (f.comments[0]!.x = 150)),
    message:
      /design\.json is refused: comments\[0\] \(id [0-9a-f-]{36}\), field x: must be 0 to 100/,
  },
  {
    name: 'a page by someone other than the owner',
    make: () => withRecords((f) => (f.pages[0]!.author = base.jun.id)),
    message: /the page [0-9a-f-]{36} is by [0-9a-f-]{36}, not by the design's owner/,
  },
  {
    name: 'a record with an unknown field',
    make: () => withRecords((f) => Object.assign(f.comments[0]!, { extra: 1 })),
    message: /comments\[0\] \(id [0-9a-f-]{36}\).*Unrecognized key/,
  },
];
