import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Dispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { CHANNELS, type Channel } from '../../../src/shared/contract.ts';
import { ERROR_CODES, type Envelope } from '../../../src/shared/errors.ts';
import { callArbitraries } from './call-arbitraries.ts';
import { arbitrariesFor, type ArbitraryContext } from './schema-arbitraries.ts';
import { fingerprint, seedFolder, type SeededFolder } from './seeded-folder.ts';

/**
 * Every channel of the contract, the ones added later included, gets at least 50
 * malformed calls generated from its own argument schema, sent through the real
 * dispatcher and handlers on a seeded data folder. Each must be refused with a typed
 * error and leave every byte of the database and image store as it was. Calls the
 * schema accepts but whose ids name nothing must answer not-found, and change nothing.
 */

const MALFORMED_PER_CHANNEL = 60;
const MISSING_PER_CHANNEL = 25;
const RESOURCES = path.resolve(import.meta.dirname, '../../../resources');

let seeded: SeededFolder;
let dispatch: Dispatch;
let ctx: ArbitraryContext;
let baseline: Record<string, string>;
const logged: unknown[] = [];
let malformedSent = 0;

beforeAll(async () => {
  seeded = await seedFolder();
  const handlers = createHandlers({ resourcesDir: RESOURCES, dataDir: seeded.dir }, seeded.folder);
  dispatch = createDispatch(handlers, (error) => logged.push(error));
  ctx = {
    images: seeded.images,
    // Same id, other case: valid for the schema, but no record has it.
    lookalikeIds: seeded.ids.map((id) => id.toUpperCase()).filter((id) => /[A-F]/.test(id)),
  };
  baseline = fingerprint(seeded.dir);
});

afterAll(() => {
  console.info(`bridge fuzz: ${malformedSent} malformed calls over ${CHANNELS.length} channels`);
  seeded?.cleanup();
});

/** Describes a call for a failure message without printing megabytes. */
function describeCall(channel: string, args: unknown): string {
  let shown: string;
  try {
    shown = JSON.stringify(args, (_k, v: unknown) =>
      typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `<${v.byteLength} bytes>` : v,
    );
  } catch {
    shown = String(args);
  }
  return `${channel} ${shown?.slice(0, 300)}`;
}

/** The checks every refused call must pass. */
function expectRefused(envelope: Envelope<unknown>, call: string): void {
  expect(envelope.ok, call).toBe(false);
  if (envelope.ok) return;
  expect(ERROR_CODES, call).toContain(envelope.error.code);
  expect(envelope.error.code, `${call}: ${envelope.error.message}`).not.toBe('internal');
  expect(envelope.error.code, call).not.toBe('unknown-channel');
  expect(typeof envelope.error.message, call).toBe('string');
  expect(envelope.error.message.trim().length, call).toBeGreaterThan(0);
}

/** Nothing in the data folder changed, nothing was logged, no prototype was polluted. */
function expectUntouched(call: string): void {
  expect(fingerprint(seeded.dir), call).toEqual(baseline);
  expect(logged, call).toEqual([]);
  expect(({} as Record<string, unknown>).polluted, call).toBeUndefined();
  expect(Object.prototype, call).not.toHaveProperty('polluted');
}

describe('the fuzzing harness', () => {
  it('keeps an idle data folder byte-identical, so a changed hash means a changed file', async () => {
    await dispatch('designs:list', []);
    await dispatch('profile:get', []);
    expect(fingerprint(seeded.dir)).toEqual(baseline);
    expect(Object.keys(baseline)).toContain('crit.sqlite');
    expect(Object.keys(baseline).filter((f) => f.startsWith('images'))).not.toHaveLength(0);
  });

  it('fails loudly for an argument kind it has no generator for', () => {
    expect(() => arbitrariesFor(z.date(), ctx)).toThrow(/No generator for a date argument/);
    expect(() =>
      arbitrariesFor(
        z.custom<string>((v) => typeof v === 'string'),
        ctx,
      ),
    ).toThrow(/No generator/);
  });
});

/** Whether a channel's arguments name a record; decided from its schema alone. */
function takesId(channel: Channel): boolean {
  const probe = { images: [new Uint8Array([1])], lookalikeIds: [] };
  return callArbitraries(channel, probe).missingTarget !== null;
}

describe.each(CHANNELS.map((channel) => [channel]))('%s', (channel) => {
  it(`refuses ${MALFORMED_PER_CHANNEL} malformed calls with a typed error and changes nothing`, async () => {
    const { malformed } = callArbitraries(channel, ctx);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(malformed, async (args) => {
        const call = describeCall(channel, args);
        const envelope = await dispatch(channel, args);
        sent++;
        malformedSent++;
        expectRefused(envelope, call);
        expectUntouched(call);
      }),
      { numRuns: MALFORMED_PER_CHANNEL },
    );
    expect(sent).toBeGreaterThanOrEqual(MALFORMED_PER_CHANNEL);
  }, 60_000);

  // Calls without any id get no such test: a valid call of theirs really acts.
  if (!takesId(channel)) return;
  it('answers not-found for valid calls on ids that name nothing, and changes nothing', async () => {
    const missingTarget = callArbitraries(channel, ctx).missingTarget!;
    await fc.assert(
      fc.asyncProperty(missingTarget, async (args) => {
        const call = describeCall(channel, args);
        const envelope = await dispatch(channel, args);
        expectRefused(envelope, call);
        expect(envelope.ok ? null : envelope.error.code, call).toBe('not-found');
        expectUntouched(call);
      }),
      { numRuns: MISSING_PER_CHANNEL },
    );
  }, 60_000);
});
