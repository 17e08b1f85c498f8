import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { CritError } from '../../shared/errors.ts';
import { canonicalJson } from './canonical-json.ts';

/**
 * Ed25519 signatures over records. What is signed is a short header naming the format,
 * the record's kind and its design (so a signed reply cannot be passed off as a comment,
 * nor a record moved to another design), then the canonical JSON of every field of the
 * record except `sig` (see canonical-json.ts).
 */

/** The kinds of record a package holds, as the signature's header names them. */
export type RecordKind =
  'design' | 'page' | 'reviewer' | 'comment' | 'reply' | 'status' | 'tombstone';

/** A profile's key pair; both keys as base64url of their 32 raw bytes. */
export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** Makes a new Ed25519 key pair for a profile. */
export function generateKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !publicKey.export({ format: 'jwk' }).x) {
    throw new CritError('internal', 'The new key pair could not be exported.');
  }
  return { publicKey: publicKey.export({ format: 'jwk' }).x!, privateKey: jwk.d };
}

/** The bytes a record's signature covers. */
export function signedBytes(kind: RecordKind, designId: string, record: object): Buffer {
  const { sig: _sig, ...fields } = record as Record<string, unknown>;
  return Buffer.from(`crit-review-package/1\n${kind}\n${designId}\n${canonicalJson(fields)}`);
}

// Parsing a key costs far more than a verification; records of one author share one key.
const publicKeys = new Map<string, KeyObject>();

function publicKeyObject(publicKey: string): KeyObject {
  let key = publicKeys.get(publicKey);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    if (publicKeys.size > 10_000) publicKeys.clear();
    publicKeys.set(publicKey, key);
  }
  return key;
}

/** Returns the record with `sig` set to its author's signature. */
export function signRecord<T extends object>(
  kind: RecordKind,
  designId: string,
  record: T,
  keys: KeyPair,
): T & { sig: string } {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: keys.publicKey, d: keys.privateKey },
    format: 'jwk',
  });
  const sig = sign(null, signedBytes(kind, designId, record), privateKey).toString('base64url');
  return { ...record, sig };
}

// Records already verified by `preverifyRecords`, with what they were verified as.
const verified = new WeakMap<object, string>();
const verifiedAs = (kind: RecordKind, designId: string, publicKey: string) =>
  `${kind}\n${designId}\n${publicKey}`;

/** Whether `record.sig` is a valid signature of the record by the holder of `publicKey`. */
export function verifyRecord(
  kind: RecordKind,
  designId: string,
  record: { sig: string },
  publicKey: string,
): boolean {
  if (verified.get(record) === verifiedAs(kind, designId, publicKey)) return true;
  try {
    const signature = Buffer.from(record.sig, 'base64url');
    if (signature.length !== 64) return false;
    return verify(null, signedBytes(kind, designId, record), publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}

/**
 * A signer for many records of one author: the private key is parsed once, which costs
 * more than a signature. Returns each record with `sig` set.
 */
export function createSigner(keys: KeyPair) {
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: keys.publicKey, d: keys.privateKey },
    format: 'jwk',
  });
  return <T extends object>(kind: RecordKind, designId: string, record: T): T & { sig: string } => {
    const sig = sign(null, signedBytes(kind, designId, record), privateKey).toString('base64url');
    return { ...record, sig };
  };
}

/** A record to verify ahead of a merge, with the key it must verify against. */
export interface PendingVerification {
  kind: RecordKind;
  designId: string;
  record: { sig: string };
  publicKey: string;
}

/**
 * Verifies many records at once on libuv's thread pool, so a package's signatures are
 * checked on every core; `verifyRecord` then answers at once for each record object that
 * passed (the same object, as the same kind, design and key). Records that fail are left
 * for `verifyRecord` to refuse.
 */
export async function preverifyRecords(pending: readonly PendingVerification[]): Promise<void> {
  const one = ({ kind, designId, record, publicKey }: PendingVerification) =>
    new Promise<void>((resolve) => {
      let signature: Buffer;
      let key: KeyObject;
      try {
        signature = Buffer.from(record.sig, 'base64url');
        key = publicKeyObject(publicKey);
      } catch {
        return resolve();
      }
      if (signature.length !== 64) return resolve();
      verify(null, signedBytes(kind, designId, record), key, signature, (error, ok) => {
        if (!error && ok) verified.set(record, verifiedAs(kind, designId, publicKey));
        resolve();
      });
    });
  // A bounded number in flight: enough to keep every thread busy, few enough to stay small.
  const inFlight = 256;
  for (let i = 0; i < pending.length; i += inFlight) {
    await Promise.all(pending.slice(i, i + inFlight).map(one));
  }
}
