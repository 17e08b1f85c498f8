/**
 * Child process for intake-cost.test.ts: builds a hostile JPEG (wide, tiny, EXIF
 * orientation 6), sends it through the dispatcher as a page or an avatar, and prints
 * one JSON line with the answer, the time it took and how much the peak resident
 * memory grew. Runs alone so that nothing else's memory is counted:
 * node intake-cost-child.ts <data folder> <page|avatar> <raw width>
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { createDispatch } from '../../../../src/core/dispatch.ts';
import { createHandlers } from '../../../../src/core/handlers.ts';
import type { DesignSummary } from '../../../../src/shared/domain.ts';

const [dataDir, mode, rawWidth] = process.argv.slice(2) as [string, string, string];

const jpeg = await sharp({
  create: { width: Number(rawWidth), height: 10, channels: 3, background: '#808080' },
})
  .jpeg({ quality: 50 })
  .withMetadata({ orientation: 6 })
  .toBuffer();

const dispatch = createDispatch(createHandlers({ resourcesDir: dataDir, dataDir }));
const design = await dispatch('designs:create', [{ name: 'Cost' }]);
if (!design.ok) throw new Error(design.error.message);
const designId = (design.value as DesignSummary).id;
// Warm up sharp and the database with a small legal image, so the figure is the file's.
const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();
await dispatch('pages:add', [{ designId, name: 'warm', bytes: small }]);
await dispatch('profile:save', [{ name: 'Ada', role: 'peer', avatar: small }]);

const rssBefore = process.resourceUsage().maxRSS * 1024;
const start = performance.now();
const answer =
  mode === 'page'
    ? await dispatch('pages:add', [{ designId, name: 'hostile', bytes: jpeg }])
    : await dispatch('profile:save', [{ name: 'Ada', role: 'peer', avatar: jpeg }]);
const ms = performance.now() - start;
const peakGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
fs.writeSync(
  1,
  `${JSON.stringify({ bytes: jpeg.length, ok: answer.ok, error: answer.ok ? null : answer.error, ms, peakGrowth })}\n`,
);
