import zlib from 'node:zlib';
import { createHash } from 'node:crypto';

/**
 * A bare zip writer for hostile tests: it writes whatever it is told, including names,
 * file types and sizes that no honest zip library would write.
 */
export interface RawEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated (the default for JSON). */
  method?: 0 | 8;
  /** Unix mode for the external attributes (file type and permissions). */
  mode?: number;
  /** Uncompressed size to claim in the central directory, instead of the real one. */
  claimedSize?: number;
  /** Compressed size to claim in the central directory, instead of the real one. */
  claimedCompressed?: number;
  /** General purpose flags (0x800, UTF-8 names, is always set). */
  flags?: number;
  /** Write the claimed sizes in the local header too, so both headers tell the same lie. */
  lieInLocal?: boolean;
}

/** Builds a zip of `entries` in order. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? (entry.name.endsWith('.json') ? 8 : 0);
    const packed = method === 8 ? zlib.deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = zlib.crc32(entry.data);
    const flags = 0x800 | (entry.flags ?? 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    const lie = entry.lieInLocal === true;
    local.writeUInt32LE((lie ? entry.claimedCompressed : undefined) ?? packed.length, 18);
    local.writeUInt32LE((lie ? entry.claimedSize : undefined) ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the attributes are a mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.claimedCompressed ?? packed.length, 20);
    central.writeUInt32LE(entry.claimedSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (entries.length < 0xffff) return Buffer.concat([...locals, directory, end]);
  // More entries than the classic record can count: a zip64 end record and its locator.
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeUInt16LE(45, 12);
  end64.writeUInt16LE(45, 14);
  end64.writeBigUInt64LE(BigInt(entries.length), 24);
  end64.writeBigUInt64LE(BigInt(entries.length), 32);
  end64.writeBigUInt64LE(BigInt(directory.length), 40);
  end64.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([...locals, directory, end64, locator, end]);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A manifest entry listing `entries` honestly, with optional fields changed. */
export function manifestFor(
  entries: RawEntry[],
  designId: string,
  changes: Record<string, unknown> = {},
): RawEntry {
  const manifest = {
    format: 'crit-review-package',
    formatVersion: 1,
    appVersion: '0.1.0',
    createdAt: '2026-05-01T10:00:00.000Z',
    deviceId: 'dev-1',
    designId,
    entries: entries.map((e) => ({ name: e.name, size: e.data.length, sha256: sha256(e.data) })),
    ...changes,
  };
  return { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) };
}
