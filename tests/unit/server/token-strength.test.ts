import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimatedBits, tokenWeakness } from '../../../src/server/token-strength.ts';

describe('tokenWeakness', () => {
  it('accepts random tokens of the usual shapes, every time', () => {
    for (let i = 0; i < 200; i++) {
      expect(tokenWeakness(randomBytes(24).toString('hex'))).toBeNull();
      expect(tokenWeakness(randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it.each([
    ['', 'at least 32'],
    ['0'.repeat(64), 'too easy'],
    ['0123456789'.repeat(4), 'too easy'],
    ['aaaabbbbccccddddaaaabbbbccccdddd', 'too easy'],
    ['password'.repeat(5), 'too easy'],
    ['zyxwvutsrqponmlkjihgfedcbaZYXWVUTS', 'too easy'],
    // 32 random hex characters carry at most 128 bits, and the estimate is always below.
    [randomBytes(16).toString('hex'), 'bits of randomness'],
    ['a b'.repeat(12), 'letters, digits'],
  ])('refuses %j', (token, says) => {
    expect(tokenWeakness(token)).toContain(says);
  });

  it('estimates the entropy of character frequencies', () => {
    expect(estimatedBits('a'.repeat(40))).toBe(0);
    expect(estimatedBits('ab'.repeat(20))).toBeCloseTo(40);
    expect(estimatedBits('0123456789abcdef'.repeat(2))).toBeCloseTo(128);
  });
});
