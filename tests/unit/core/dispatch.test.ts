import { describe, expect, it, vi } from 'vitest';
import { createDispatch } from '../../../src/core/dispatch.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import type { Handlers } from '../../../src/shared/contract.ts';
import type { Review, SampleCard } from '../../../src/shared/domain.ts';
import { CritError, type Envelope } from '../../../src/shared/errors.ts';
import { LIMITS } from '../../../src/shared/limits.ts';

const realHandlers = () =>
  createHandlers({ resourcesDir: '/nonexistent', dataDir: '/nonexistent' });

/** Handlers whose calls are recorded, with behaviour the test chooses. */
function fakeHandlers(overrides: Partial<Handlers['samples']> = {}) {
  const list = vi.fn((): SampleCard[] => []);
  const open = vi.fn((name: string): Review => ({ title: name, pages: [], reviewers: [] }));
  // Only the samples calls are exercised; the rest of the contract is never reached.
  const handlers = { samples: { list, open, ...overrides } } as unknown as Handlers;
  return { handlers, list, open };
}

function expectError(envelope: Envelope<unknown>, code: string): string {
  expect(envelope.ok).toBe(false);
  if (envelope.ok) throw new Error('expected an error');
  expect(envelope.error.code).toBe(code);
  return envelope.error.message;
}

describe('createDispatch', () => {
  it('answers a valid call with the handler’s value', async () => {
    const dispatch = createDispatch(realHandlers());
    const listed = await dispatch('samples:list', []);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect((listed.value as SampleCard[]).map((c) => c.key)).toEqual(['netflix', 'gemini']);

    const opened = await dispatch('samples:open', ['gemini']);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const review = opened.value as Review;
    expect(review.title).toBe('Gemini UI');
    expect(review.pages.map((p) => p.name)).toEqual(['main', 'chat']);
  });

  it('hands an async handler the schemas’ output, spread, and awaits its answer', async () => {
    const create = vi.fn(async (input: { name: string; description: string }) => ({
      id: 'd',
      name: input.name,
    }));
    const rename = vi.fn(async (_id: string, _name: string) => null);
    const handlers = { designs: { create, rename } } as unknown as Handlers;
    const dispatch = createDispatch(handlers);
    // The handler sees text as the one text rule cleaned it, and the defaults filled in.
    expect(await dispatch('designs:create', [{ name: '  Shop\n plan ' }])).toEqual({
      ok: true,
      value: { id: 'd', name: 'Shop plan' },
    });
    expect(create).toHaveBeenCalledWith({ name: 'Shop plan', description: '' });
    const id = '00000000-0000-4000-8000-000000000000';
    await dispatch('designs:rename', [id, ' New ']);
    expect(rename).toHaveBeenCalledWith(id, 'New');
    // Refused text never reaches the handler.
    expectError(await dispatch('designs:create', [{ name: '\u200B' }]), 'invalid-argument');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a number for a string', 'samples:open', [42]],
    ['a missing argument', 'samples:open', []],
    ['null for a string', 'samples:open', [null]],
    ['an over-long string', 'samples:open', ['x'.repeat(201)]],
    ['too many arguments', 'samples:open', ['netflix', 'extra']],
    ['any argument to a call that takes none', 'samples:list', [1]],
    ['an object instead of an array', 'samples:open', { 0: 'netflix' }],
    ['a bare string instead of an array', 'samples:open', 'netflix'],
    ['undefined instead of an array', 'samples:list', undefined],
    ['null instead of an array', 'samples:list', null],
  ])(
    'refuses %s as invalid-argument without calling the handler',
    async (_label, channel, args) => {
      const { handlers, list, open } = fakeHandlers();
      const message = expectError(
        await createDispatch(handlers)(channel, args),
        'invalid-argument',
      );
      expect(message).toContain(channel);
      expect(list).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['samples:nope'],
    ['nope:list'],
    ['samples'],
    [''],
    ['samples:list:extra'],
    ['SAMPLES:LIST'],
    ['__proto__:x'],
    ['__proto__:constructor'],
    ['samples:constructor'],
    ['samples:toString'],
    ['samples:__proto__'],
    ['constructor:name'],
    ['hasOwnProperty:call'],
  ])('refuses channel %j as unknown-channel', async (channel) => {
    const { handlers, list, open } = fakeHandlers();
    const log = vi.fn();
    const envelope = await createDispatch(handlers, log)(channel, []);
    expectError(envelope, 'unknown-channel');
    expect(list).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it.each([[42], [null], [undefined], [{ toString: () => 'samples:list' }], [['samples:list']]])(
    'refuses the non-string channel %j as unknown-channel',
    async (channel) => {
      const { handlers, list } = fakeHandlers();
      const envelope = await createDispatch(handlers)(channel as unknown as string, []);
      expectError(envelope, 'unknown-channel');
      expect(list).not.toHaveBeenCalled();
    },
  );

  it('keeps the unknown-channel message short for a huge channel name', async () => {
    const message = expectError(
      await createDispatch(fakeHandlers().handlers)('x'.repeat(10_000), []),
      'unknown-channel',
    );
    expect(message.length).toBeLessThan(200);
  });

  it('passes a CritError’s code and message through and does not log it', async () => {
    const log = vi.fn();
    const { handlers } = fakeHandlers({
      open: () => {
        throw new CritError('not-found', 'No sample called "x".');
      },
    });
    const envelope = await createDispatch(handlers, log)('samples:open', ['x']);
    expect(envelope).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No sample called "x".' },
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('passes a rejected CritError through from an async handler', async () => {
    const { handlers } = fakeHandlers({
      list: async () => {
        throw new CritError('conflict', 'Busy.');
      },
    });
    const envelope = await createDispatch(handlers, vi.fn())('samples:list', []);
    expect(envelope).toEqual({ ok: false, error: { code: 'conflict', message: 'Busy.' } });
  });

  it('turns any other error into internal, hides its text and logs it', async () => {
    const log = vi.fn();
    const secret = new Error('SQLITE_CORRUPT at /home/someone/secret.db');
    const { handlers } = fakeHandlers({
      open: () => {
        throw secret;
      },
    });
    const envelope = await createDispatch(handlers, log)('samples:open', ['netflix']);
    const message = expectError(envelope, 'internal');
    expect(message).toContain('samples:open');
    expect(message).not.toContain('SQLITE_CORRUPT');
    expect(message).not.toContain('secret');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(secret);
  });

  it('survives a handler that throws a non-Error value', async () => {
    const log = vi.fn();
    const { handlers } = fakeHandlers({
      list: () => {
        throw 'a string with private detail';
      },
    });
    const message = expectError(
      await createDispatch(handlers, log)('samples:list', []),
      'internal',
    );
    expect(message).not.toContain('private detail');
    expect(log).toHaveBeenCalledWith('a string with private detail');
  });

  it('answers a file over the limit with too-large in plain words, on every transport', async () => {
    const addPage = vi.fn();
    const dispatch = createDispatch({ pages: { add: addPage } } as unknown as Handlers);
    const id = '0190a1b2-0000-7000-8000-000000000001';
    const over = new Uint8Array(LIMITS.imageBytes + 1);
    const message = expectError(
      await dispatch('pages:add', [{ designId: id, name: 'Big', bytes: over }]),
      'too-large',
    );
    expect(message).toBe('Files over 40 MiB are not accepted.');
    expect(addPage).not.toHaveBeenCalled();
    // Other bad arguments are still invalid-argument, with the call named.
    const bad = expectError(
      await dispatch('pages:add', [{ designId: id, name: '', bytes: 1 }]),
      'invalid-argument',
    );
    expect(bad).toContain('Bad arguments to pages:add');
  });
});
