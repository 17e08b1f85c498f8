import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../src/core/packages/canonical-json.ts';
import {
  generateKeyPair,
  signRecord,
  verifyRecord,
} from '../../../../src/core/packages/signing.ts';

describe('canonical encoding', () => {
  it('sorts keys at every level and leaves out undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'é' }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[2,{"y":"é","z":1}]},"b":1}',
    );
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/not finite/);
  });
});

describe('record signatures', () => {
  const keys = generateKeyPair();
  const record = { id: 'c1', author: 'a', contents: 'Hello', x: 1 };

  it('verifies a record signed by its author, whatever the key order', () => {
    const signed = signRecord('comment', 'd1', record, keys);
    expect(signed.sig).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const reordered = { x: 1, sig: signed.sig, contents: 'Hello', author: 'a', id: 'c1' };
    expect(verifyRecord('comment', 'd1', reordered, keys.publicKey)).toBe(true);
  });

  it('refuses a changed field, another key, another kind, another design, a mangled signature', () => {
    const signed = signRecord('comment', 'd1', record, keys);
    expect(
      verifyRecord(
        'comment',
        'd1',
        { ...signed, contents: 'Hello!' } as typeof signed,
        keys.publicKey,
      ),
    ).toBe(false);
    expect(verifyRecord('comment', 'd1', signed, generateKeyPair().publicKey)).toBe(false);
    expect(verifyRecord('reply', 'd1', signed, keys.publicKey)).toBe(false);
    expect(verifyRecord('comment', 'd2', signed, keys.publicKey)).toBe(false);
    expect(verifyRecord('comment', 'd1', { ...signed, sig: 'A'.repeat(86) }, keys.publicKey)).toBe(
      false,
    );
    expect(verifyRecord('comment', 'd1', { ...signed, sig: 'short' }, keys.publicKey)).toBe(false);
    expect(verifyRecord('comment', 'd1', signed, 'not-a-key')).toBe(false);
  });

  it('makes distinct key pairs of 32-byte keys', () => {
    const other = generateKeyPair();
    expect(other.publicKey).not.toBe(keys.publicKey);
    expect(Buffer.from(other.publicKey, 'base64url')).toHaveLength(32);
    expect(Buffer.from(other.privateKey, 'base64url')).toHaveLength(32);
  });
});
