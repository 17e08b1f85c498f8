import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackage } from '../../../../src/core/packages/read-package.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { cases, prepareHostileCases } from './hostile-cases.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-hostile-'));
const ownTmp = path.join(tmp, 'tmpdir');
const packages = path.join(tmp, 'packages');
const savedTmpdir = process.env.TMPDIR;

beforeAll(async () => {
  await prepareHostileCases();
  fs.mkdirSync(ownTmp);
  fs.mkdirSync(packages);
  // Anything the reader (or a library under it) writes to a temporary folder lands here.
  process.env.TMPDIR = ownTmp;
});
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a hostile package', () => {
  it('is tried with at least 20 kinds of attack', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)(
    'is refused from bytes and from a file: $name',
    async ({ name, make, message, limits }) => {
      const bytes = await make();
      const file = path.join(packages, `${name.replace(/[^a-z0-9]+/gi, '-')}.critpkg`);
      fs.writeFileSync(file, bytes);
      for (const source of [bytes, file]) {
        const refusal = await readPackage(source, { limits }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refusal, `${name} was accepted`).toBeInstanceOf(CritError);
        expect((refusal as CritError).message).toMatch(message);
      }
    },
  );

  it('is read without writing anything anywhere', () => {
    expect(fs.readdirSync(ownTmp)).toEqual([]);
    expect(fs.readdirSync(packages)).toHaveLength(cases.length);
    for (const dir of [process.cwd(), packages, path.dirname(packages)]) {
      for (const name of [
        '../../evil.json',
        '/tmp/evil.json',
        '../evil.png',
        'evil.json',
        'notes.txt',
        'images',
      ]) {
        expect(fs.existsSync(path.resolve(dir, name)), `${name} beside ${dir}`).toBe(false);
      }
    }
  });
});
