import type { DatabaseSync } from 'node:sqlite';
import { CritError } from '../../shared/errors.ts';
import { generateKeyPair, type KeyPair } from '../packages/signing.ts';
import { LOCAL_REVIEWER_KEY } from './records.ts';
import { cached } from './statements.ts';
import { transaction } from './transaction.ts';

/**
 * The local profile's Ed25519 key pair. Both halves live in the settings table: the data
 * folder is owner-only (0700, its files 0600), which is what guards the private key, as
 * it guards every comment in the database.
 */
const PUBLIC_KEY = 'local_public_key';
const PRIVATE_KEY = 'local_private_key';

function read(db: DatabaseSync, key: string): string | undefined {
  return (
    cached(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
  )?.value;
}

/** The local key pair, or null before the profile has one. */
export function localKeyPair(db: DatabaseSync): KeyPair | null {
  const publicKey = read(db, PUBLIC_KEY);
  const privateKey = read(db, PRIVATE_KEY);
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

/** The local key pair; `conflict` when there is no profile yet to sign with. */
export function requireLocalKeyPair(db: DatabaseSync): KeyPair {
  const keys = localKeyPair(db);
  if (!keys)
    throw new CritError('conflict', 'Set up your profile first: packages are signed by it.');
  return keys;
}

/**
 * Gives the local profile a key pair if it has none (a new profile, or one made before
 * packages existed) and pins its public key on the profile's reviewer row. Does nothing,
 * and writes nothing, when there is no profile or it already has its keys.
 */
export function ensureLocalKeyPair(db: DatabaseSync): void {
  const reviewerId = read(db, LOCAL_REVIEWER_KEY);
  if (!reviewerId || localKeyPair(db)) return;
  const keys = generateKeyPair();
  transaction(db, () => {
    const upsert = db.prepare(
      `INSERT INTO settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    upsert.run(PUBLIC_KEY, keys.publicKey);
    upsert.run(PRIVATE_KEY, keys.privateKey);
    db.prepare('UPDATE reviewers SET public_key = ? WHERE id = ?').run(keys.publicKey, reviewerId);
  });
}
