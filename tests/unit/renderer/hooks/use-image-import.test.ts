import { describe, expect, test } from 'vitest';
import { CritError } from '../../../../src/shared/errors.ts';
import { LIMITS } from '../../../../src/shared/limits.ts';
import {
  pageNameFromFile,
  readImageFile,
} from '../../../../src/renderer/src/hooks/use-image-import.ts';

describe('readImageFile', () => {
  test('reads a file within the limit as it is', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png');
    expect(await readImageFile(file)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  test('reads a file of exactly the limit', async () => {
    const file = new File([new Uint8Array(LIMITS.imageBytes)], 'edge.png');
    expect((await readImageFile(file)).byteLength).toBe(LIMITS.imageBytes);
  });

  test('refuses a file over the limit without reading it, saying how big it is', async () => {
    const file = new File([new Uint8Array(LIMITS.imageBytes + 1)], 'huge.png');
    let read = false;
    Object.defineProperty(file, 'arrayBuffer', {
      value: () => {
        read = true;
        return Promise.resolve(new ArrayBuffer(0));
      },
    });
    const refusal = readImageFile(file);
    await expect(refusal).rejects.toBeInstanceOf(CritError);
    await expect(refusal).rejects.toMatchObject({
      code: 'too-large',
      message: 'The file is 40.1 MB; Crit takes image files up to 40 MB.',
    });
    expect(read).toBe(false);
  });
});

describe('pageNameFromFile', () => {
  test('drops the extension and keeps a name', () => {
    expect(pageNameFromFile('home page.png')).toBe('home page');
    expect(pageNameFromFile('archive.tar.webp')).toBe('archive.tar');
    expect(pageNameFromFile('.png')).toBe('.png');
    expect(pageNameFromFile('x'.repeat(200) + '.png')).toHaveLength(120);
  });
});
