import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, describe, expect, it } from 'vitest';
import { readPackage } from '../../../../src/core/packages/read-package.ts';
import { writePackage, writePackageFile } from '../../../../src/core/packages/write-package.ts';
import { mergeDesign } from '../../../../src/core/packages/merge.ts';
import { formatSummary } from '../../../../src/core/packages/merge-summary.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { commentRecord, replyRecord, sampleDesign, sha256, sortedFile } from './fixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-pkg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Name → compression method of every entry. */
function methods(zip: Buffer): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, number>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      file.on('entry', (entry: yauzl.Entry) => {
        out.set(entry.fileName, entry.compressionMethod);
        file.readEntry();
      });
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

describe('writing and reading a package', () => {
  it('round-trips the records and images, with a manifest naming the format and every entry', async () => {
    const { file, images } = await sampleDesign();
    const createdAt = new Date('2026-05-01T10:00:00Z');
    const zip = await writePackage({
      records: file,
      images,
      appVersion: '0.1.0',
      deviceId: 'dev-1',
      createdAt,
    });
    const read = await readPackage(zip);
    expect(read.records).toEqual(file);
    expect(read.manifest).toMatchObject({
      format: 'crit-review-package',
      formatVersion: 1,
      appVersion: '0.1.0',
      createdAt: createdAt.toISOString(),
      deviceId: 'dev-1',
      designId: file.design.id,
    });
    const names = read.manifest.entries.map((e) => e.name).sort();
    expect(names).toEqual(
      ['design.json', ...[...images.keys()].map((h) => `images/${h}.png`)].sort(),
    );
    for (const [hash, bytes] of images) {
      const image = read.images.get(`images/${hash}.png`);
      expect(image?.bytes.equals(bytes)).toBe(true);
      expect(image).toMatchObject({ ext: 'png', width: 40, height: 30, sha256: hash });
    }
    // Images are stored as they are; the JSON is deflated.
    const byName = await methods(zip);
    expect(byName.get('manifest.json')).toBe(8);
    expect(byName.get('design.json')).toBe(8);
    for (const hash of images.keys()) expect(byName.get(`images/${hash}.png`)).toBe(0);
  });

  it('reads images through a function and writes a file by temp file and rename', async () => {
    const { file, images } = await sampleDesign();
    const target = path.join(dir, 'review.critpkg');
    fs.writeFileSync(target, 'old contents');
    const asked: string[] = [];
    await writePackageFile(
      {
        records: file,
        images: (ref) => {
          asked.push(ref.sha256);
          return images.get(ref.sha256)!;
        },
        appVersion: '0.1.0',
        deviceId: 'dev-1',
      },
      target,
    );
    expect(asked.sort()).toEqual([...images.keys()].sort());
    expect(fs.readdirSync(dir)).toEqual(['review.critpkg']);
    expect((await readPackage(target)).records).toEqual(file);
  });

  it('refuses to write what it would refuse to read, and leaves the target untouched', async () => {
    const { file, images, jun } = await sampleDesign();
    const target = path.join(dir, 'kept.critpkg');
    fs.writeFileSync(target, 'kept');
    const stray = commentRecord(jun, file.design.id, '00000000-0000-4000-8000-000000000000');
    const bad = { ...file, comments: [...file.comments, stray] };
    await expect(
      writePackageFile({ records: bad, images, appVersion: '1', deviceId: 'd' }, target),
    ).rejects.toThrow(/comment .* is on page .* which the package does not hold/);
    const damaged = new Map([...images].map(([h, b]) => [h, Buffer.concat([b, Buffer.from('x')])]));
    await expect(
      writePackageFile({ records: file, images: damaged, appVersion: '1', deviceId: 'd' }, target),
    ).rejects.toThrow(/is damaged/);
    await expect(
      writePackage({ records: file, images: new Map(), appVersion: '1', deviceId: 'd' }),
    ).rejects.toBeInstanceOf(CritError);
    expect(fs.readFileSync(target, 'utf8')).toBe('kept');
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('opening a package', () => {
  it('creates a design this machine lacks, then merges a reviewer’s package back with a summary per person', async () => {
    const { file, images, ada, jun, pins } = await sampleDesign();
    const id = file.design.id;
    const read = await readPackage(
      await writePackage({ records: file, images, appVersion: '1', deviceId: 'ada' }),
    );

    // Jun opens Ada's package on his machine: everything is new to him.
    const atJun = mergeDesign(null, read.records, new Map());
    expect(atJun.refused).toEqual([]);
    expect(atJun.state).toEqual(sortedFile(read.records));
    expect([...atJun.newlyPinned.keys()].sort()).toEqual([ada.id, jun.id].sort());

    // Jun adds comments and a reply, and sends his copy back.
    const page = file.pages[0]!.id;
    const more = [commentRecord(jun, id, page, 'One'), commentRecord(jun, id, page, 'Two')];
    const back = {
      ...atJun.state,
      comments: [...atJun.state.comments, ...more],
      replies: [...atJun.state.replies, replyRecord(jun, id, file.comments[1]!.id, 'Why?')],
    };
    const returned = await readPackage(
      await writePackage({ records: back, images, appVersion: '1', deviceId: 'jun' }),
    );

    const atAda = mergeDesign(
      file,
      returned.records,
      new Map([...pins, [jun.id, jun.keys.publicKey]]),
    );
    expect(atAda.refused).toEqual([]);
    expect(formatSummary(atAda.summary)).toBe('Jun Park: 2 new comments, 1 reply');
    expect(atAda.state.comments.map((c) => c.contents).sort()).toEqual([
      'One',
      'The button is hard to see',
      'Totals need a label',
      'Two',
    ]);
    expect(atAda.latestStamp).toBe(
      [...more.map((c) => c.updated), back.replies.at(-1)!.updated].sort().at(-1),
    );

    // Opening it again changes nothing.
    const again = mergeDesign(
      atAda.state,
      returned.records,
      new Map([...pins, [jun.id, jun.keys.publicKey]]),
    );
    expect(again.state).toEqual(atAda.state);
    expect(again.changes).toEqual([]);
    expect(formatSummary(again.summary)).toBe('Nothing new.');
    expect(sha256(Buffer.from(JSON.stringify(again.state)))).toBe(
      sha256(Buffer.from(JSON.stringify(atAda.state))),
    );
  });
});
