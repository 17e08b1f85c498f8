import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The bridge as the boot and the workspace see it: each call is counted and answered.
const calls: string[] = [];
const answers = new Map<string, () => Promise<unknown>>();
function call(channel: string, arg: string): Promise<unknown> {
  calls.push(`${channel} ${arg}`);
  return (answers.get(channel) ?? (() => Promise.resolve(`${channel} ${arg} #${calls.length}`)))();
}
vi.mock('../../../../src/renderer/src/bridge/api.ts', () => ({
  api: {
    designs: { open: (id: string) => call('designs:open', id) },
    comments: { list: (pageId: string) => call('comments:list', pageId) },
    samples: { open: (name: string) => call('samples:open', name) },
  },
}));

const loadCode = vi.fn(() => Promise.resolve({}));
const DESIGN = { id: 'd1', pages: [{ id: 'p1' }, { id: 'p2' }] };

async function load() {
  vi.resetModules();
  return import('../../../../src/renderer/src/bridge/prefetch.ts');
}

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  answers.set('designs:open', () => Promise.resolve(DESIGN));
  loadCode.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('opening a design from the address', () => {
  it('asks for the design, its code and its first page’s comments before the workspace asks', async () => {
    const { prefetchFromAddress, openingSource } = await load();
    prefetchFromAddress('#/designs/d1', loadCode);
    expect(loadCode).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(calls).toEqual(['designs:open d1', 'comments:list p1']));
    expect(await openingSource.designs.open('d1')).toBe(DESIGN);
    expect(await openingSource.comments.list('p1')).toBe('comments:list p1 #2');
    expect(calls).toHaveLength(2);
  });

  it('hands each early answer out once: the next opening asks afresh', async () => {
    const { prefetchFromAddress, openingSource } = await load();
    prefetchFromAddress('#/designs/d1', loadCode);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await openingSource.designs.open('d1');
    await openingSource.comments.list('p1');
    await openingSource.designs.open('d1');
    expect(await openingSource.comments.list('p1')).toBe('comments:list p1 #4');
    expect(calls).toEqual([
      'designs:open d1',
      'comments:list p1',
      'designs:open d1',
      'comments:list p1',
    ]);
  });

  it('never answers another design or page with them', async () => {
    const { prefetchFromAddress, openingSource } = await load();
    prefetchFromAddress('#/designs/d1', loadCode);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await openingSource.designs.open('d2');
    expect(await openingSource.comments.list('p2')).toBe('comments:list p2 #4');
    expect(calls.slice(2)).toEqual(['designs:open d2', 'comments:list p2']);
  });

  it('asks afresh once the early answers are old', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { prefetchFromAddress, openingSource } = await load();
    prefetchFromAddress('#/designs/d1', loadCode);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    vi.advanceTimersByTime(11_000);
    await openingSource.designs.open('d1');
    expect(calls.at(-1)).toBe('designs:open d1');
    expect(calls).toHaveLength(3);
  });

  it('does nothing for other routes or a malformed address', async () => {
    const { prefetchFromAddress } = await load();
    for (const hash of ['', '#/', '#/review/netflix', '#/designs/', '#/designs/%E0%A4%A']) {
      prefetchFromAddress(hash, loadCode);
    }
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(loadCode).not.toHaveBeenCalled();
  });

  it('keeps a failed opening quiet until the workspace asks, then reports it', async () => {
    answers.set('designs:open', () => Promise.reject(new Error('No such design.')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { prefetchFromAddress, openingSource } = await load();
    prefetchFromAddress('#/designs/gone', loadCode);
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(openingSource.designs.open('gone')).rejects.toThrow('No such design.');
    expect(calls).toEqual(['designs:open gone']);
  });
});
