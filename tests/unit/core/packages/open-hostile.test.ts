import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageOpened } from '../../../../src/shared/domain.ts';
import type { DesignFile } from '../../../../src/shared/package-schemas.ts';
import { fingerprint } from '../../fuzz/seeded-folder.ts';
import { designRecord, emptyFile, makePerson, reviewerRecord } from './fixtures.ts';
import { base, pkg, withRecords } from './hostile-builders.ts';
import { cases, prepareHostileCases } from './hostile-cases.ts';
import { comment, makeDesign, startMachine, type Machine } from './machines.ts';
import { manifestFor, rawZip } from './raw-zip.ts';

let m: Machine;
beforeAll(async () => {
  await prepareHostileCases();
  m = await startMachine('Ada Moreno');
  const { pages } = await makeDesign(m, 1);
  await comment(m, pages[0]!.id, 'Something to keep');
});
afterAll(() => m.close());

/** A package of only `file`'s records (no images), with an honest manifest. */
function recordsOnly(file: DesignFile): Buffer {
  const entries = [{ name: 'design.json', data: Buffer.from(JSON.stringify(file)) }];
  return rawZip([manifestFor(entries, file.design.id), ...entries]);
}

// Lowered reader limits are not reachable through the bridge; those cases are the reader's.
const bridgeCases = cases.filter((c) => !c.limits);

describe('packages.open with a hostile package', () => {
  it('covers the corpus', () => {
    expect(bridgeCases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(bridgeCases)('refuses $name, leaving the data folder byte-identical', async (c) => {
    const before = fingerprint(m.dir);
    const error = await m.fails('packages:open', { bytes: new Uint8Array(await c.make()) });
    expect(error.code).not.toBe('internal');
    expect(error.message).toMatch(c.message);
    expect(fingerprint(m.dir)).toEqual(before);
  });

  it('refuses stamps running more than a day ahead of this clock, changing nothing', async () => {
    const ahead = makePerson('Future Fox', () => Date.now() + 3 * 86_400_000);
    const design = designRecord(ahead);
    const bytes = recordsOnly(emptyFile(design, [reviewerRecord(ahead, design.id)]));
    const before = fingerprint(m.dir);
    const error = await m.fails('packages:open', { bytes });
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(/72 hours ahead of this computer's clock.*Nothing was changed/);
    expect(fingerprint(m.dir)).toEqual(before);
  });

  it('refuses a forged record by name and merges the rest', async () => {
    const forged = withRecords((f) => {
      f.comments[0]!.contents = 'Words Jun never wrote';
    });
    const opened = await m.call<PackageOpened>('packages:open', { bytes: forged });
    expect(opened.created).toBe(true);
    expect(opened.refused).toEqual([
      {
        kind: 'comment',
        id: base.file.comments[0]!.id,
        message: expect.stringMatching(/signature that does not verify as Jun Park's/),
      },
    ]);
    // The honest package then brings the real comment; the rest was already there.
    const honest = await m.call<PackageOpened>('packages:open', { bytes: pkg() });
    expect(honest.summary).toBe('Jun Park: 1 new comment');
    const list = await m.call<{ contents: string }[]>(
      'comments:list',
      base.file.comments[0]!.pageId,
    );
    expect(list.map((c) => c.contents)).toEqual(['The button is hard to see']);
  });
});
