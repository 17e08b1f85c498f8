import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeWire, encodeWire } from '../../../src/shared/wire.ts';

const roundTrip = (value: unknown) => decodeWire(encodeWire(value));

describe('wire encoding', () => {
  it('round-trips an empty Uint8Array', () => {
    const back = roundTrip(new Uint8Array(0));
    expect(back).toBeInstanceOf(Uint8Array);
    expect((back as Uint8Array).length).toBe(0);
  });

  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const back = roundTrip(bytes);
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Array.from(back as Uint8Array)).toEqual(Array.from(bytes));
  });

  it.each([1, 2, 3, 4, 5])('round-trips %i bytes (every padding length)', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => 250 - i);
    expect(Array.from(roundTrip(bytes) as Uint8Array)).toEqual(Array.from(bytes));
  });

  it('round-trips more than 32 KiB of random bytes', () => {
    const bytes = new Uint8Array(randomBytes(100_003));
    const back = roundTrip(bytes) as Uint8Array;
    expect(back).toBeInstanceOf(Uint8Array);
    expect(back.length).toBe(bytes.length);
    expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
  });

  it('encodes bytes as base64 under $bytes', () => {
    expect(JSON.parse(encodeWire(new Uint8Array([1, 2, 3])))).toEqual({ $bytes: 'AQID' });
  });

  it('encodes a view of a larger buffer as only its own bytes', () => {
    const whole = Uint8Array.from([9, 9, 1, 2, 3, 9]);
    const back = roundTrip(whole.subarray(2, 5)) as Uint8Array;
    expect(Array.from(back)).toEqual([1, 2, 3]);
  });

  it('round-trips a Node Buffer as bytes', () => {
    const back = roundTrip(Buffer.from([7, 8, 9]));
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Array.from(back as Uint8Array)).toEqual([7, 8, 9]);
  });

  it('round-trips bytes nested in objects and arrays', () => {
    const value = {
      name: 'page.png',
      files: [
        { bytes: new Uint8Array([1, 2]), size: 2 },
        { bytes: new Uint8Array([]), size: 0 },
      ],
      deep: { deeper: [[new Uint8Array([255])]] },
    };
    const back = roundTrip(value) as typeof value;
    expect(back.name).toBe('page.png');
    expect(back.files[0]?.size).toBe(2);
    expect(back.files[0]?.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(back.files[0]?.bytes ?? [])).toEqual([1, 2]);
    expect(back.files[1]?.bytes).toBeInstanceOf(Uint8Array);
    expect(back.files[1]?.bytes.length).toBe(0);
    expect(Array.from(back.deep.deeper[0]?.[0] ?? [])).toEqual([255]);
  });

  it('round-trips a bridge call’s argument list with bytes in it', () => {
    const back = roundTrip(['design-id', new Uint8Array([4, 5, 6]), { name: 'x' }]) as unknown[];
    expect(back[0]).toBe('design-id');
    expect(Array.from(back[1] as Uint8Array)).toEqual([4, 5, 6]);
    expect(back[2]).toEqual({ name: 'x' });
  });

  it('leaves ordinary values untouched', () => {
    const value = {
      text: 'hello',
      n: 1.5,
      yes: true,
      none: null,
      list: [1, 'two', { three: 3 }],
      empty: {},
      twoKeys: { $bytes: 'AQID', other: 1 },
      notString: { $bytes: 5 },
      array: ['AQID'],
      bytesWord: { bytes: 'AQID' },
    };
    expect(roundTrip(value)).toEqual(value);
    expect(encodeWire(value)).toBe(JSON.stringify(value));
  });

  it('decodes plain JSON as JSON.parse does', () => {
    const text = '{"ok":true,"value":[{"id":"a","n":2}]}';
    expect(decodeWire(text)).toEqual(JSON.parse(text));
  });

  it.each([
    ['not JSON at all', 'not json'],
    ['truncated JSON', '{"ok":'],
    ['an empty body', ''],
  ])('throws SyntaxError on %s', (_label, text) => {
    expect(() => decodeWire(text)).toThrow(SyntaxError);
  });

  it.each([
    ['characters outside base64', '{"$bytes":"not base64!"}'],
    ['a data URL', '{"$bytes":"data:image/png;base64,AAAA"}'],
    ['too much padding', '{"$bytes":"AQ==="}'],
    ['padding in the middle', '{"$bytes":"AQ==AQID"}'],
    ['an impossible length', '{"$bytes":"A"}'],
    ['an impossible length, nested', '{"files":[{"$bytes":"AQIDB"}]}'],
    ['whitespace', '{"$bytes":"AQ ID"}'],
  ])('throws SyntaxError on a malformed byte field: %s', (_label, text) => {
    expect(() => decodeWire(text)).toThrow(SyntaxError);
  });
});
