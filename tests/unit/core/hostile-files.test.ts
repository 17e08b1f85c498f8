import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Dispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { resolveImageRequest } from '../../../src/core/store/image-store.ts';
import type { DesignSummary, Page, Profile } from '../../../src/shared/domain.ts';
import { unwrap, type Envelope } from '../../../src/shared/errors.ts';
import { makeDataFolder, makeImage } from './store/helpers.ts';
import { HOSTILE_FILES, ONE_BYTE_OVER, type HostileFile } from './hostile-files.ts';

let folder: ReturnType<typeof makeDataFolder>;
let dispatch: Dispatch;
let designId: string;
let pageId: string;

beforeAll(async () => {
  folder = makeDataFolder();
  dispatch = createDispatch(
    createHandlers({ resourcesDir: folder.dir, dataDir: folder.dir }, folder),
  );
  designId = (unwrap(await dispatch('designs:create', [{ name: 'Hostile' }])) as DesignSummary).id;
  const page = unwrap(
    await dispatch('pages:add', [{ designId, name: 'target', bytes: await makeImage(40, 30) }]),
  ) as Page;
  pageId = page.id;
  unwrap(await dispatch('profile:save', [{ name: 'Ada', role: 'peer' }]));
});
afterAll(() => folder.cleanup());

/**
 * The bytes of everything the data folder keeps: the database and its WAL, and every
 * stored image. The shared-memory index (-shm) is left out: readers mark it, and it
 * holds nothing that is not in the WAL.
 */
function fingerprint(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.endsWith('-shm')) {
        out[path.relative(folder.dir, file)] = createHash('sha256')
          .update(fs.readFileSync(file))
          .digest('hex');
      }
    }
  };
  walk(folder.dir);
  return out;
}

const CALLS = {
  'pages:add': (bytes: Uint8Array) =>
    ['pages:add', [{ designId, name: 'hostile', bytes }]] as const,
  'pages:replaceImage': (bytes: Uint8Array) => ['pages:replaceImage', [pageId, bytes]] as const,
  'profile:save': (bytes: Uint8Array) =>
    ['profile:save', [{ name: 'Ada', role: 'peer', avatar: bytes }]] as const,
};

const served = (address: string) => resolveImageRequest(folder.images.root, address) !== null;

async function check(file: HostileFile, call: keyof typeof CALLS) {
  const bytes = await file.bytes();
  const before = fingerprint();
  const [channel, args] = CALLS[call](bytes);
  const answer: Envelope<unknown> = await dispatch(channel, [...args]);
  if ('refuse' in file.expected) {
    expect(answer.ok, `${file.kind} was accepted`).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe(file.expected.refuse);
    expect(answer.error.message).toMatch(file.expected.message);
    expect(fingerprint()).toEqual(before);
    return;
  }
  if (!answer.ok) throw new Error(`${file.kind} was refused: ${answer.error.message}`);
  const { width, height } = file.expected.accept;
  if (call === 'profile:save') {
    const profile = answer.value as Profile;
    expect(served(profile.avatar)).toBe(true);
    return;
  }
  const page = answer.value as Page;
  expect([page.width, page.height]).toEqual([width, height]);
  expect(served(page.img)).toBe(true);
  expect(served(page.thumb!)).toBe(true);
  // An animation is kept as its first frame: what is stored is still.
  const stored = fs.readFileSync(resolveImageRequest(folder.images.root, page.img)!);
  const meta = await sharp(stored).metadata();
  expect(meta.pages ?? 1).toBe(1);
  expect(stored.includes(Buffer.from('acTL'))).toBe(false);
}

describe(`${HOSTILE_FILES.length} kinds of hostile or broken file`, () => {
  it('are at least 40', () => expect(HOSTILE_FILES.length).toBeGreaterThanOrEqual(40));

  describe.each(Object.keys(CALLS) as (keyof typeof CALLS)[])('%s', (call) => {
    it.each(HOSTILE_FILES.map((file) => [file.kind, file] as const))(
      '%s',
      async (_kind, file) => {
        await expect(check(file, call)).resolves.toBeUndefined();
      },
      60_000,
    );

    it('one byte over the file-size limit is refused naming the limit, changing nothing', async () => {
      const before = fingerprint();
      const [channel, args] = CALLS[call](await ONE_BYTE_OVER());
      const answer = await dispatch(channel, [...args]);
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      // The contract refuses it before the core sees it, as too-large in plain words.
      expect(answer.error.code).toBe('too-large');
      expect(answer.error.message).toBe('Files over 40 MiB are not accepted.');
      expect(fingerprint()).toEqual(before);
    });
  });
});
