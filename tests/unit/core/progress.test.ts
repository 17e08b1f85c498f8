import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src/core/events.ts';
import { runStep } from '../../../src/core/progress.ts';

const words = { label: 'Adding pages', item: 'home', working: 'checking the image', done: 'added' };

function recordingHub() {
  const hub = createEventHub();
  const seen: [string, unknown][] = [];
  hub.subscribe((event, payload) => seen.push([event, payload]));
  return { hub, seen };
}

describe('runStep', () => {
  it('reports a step as started, then done, finishing the task on its last step', async () => {
    const { hub, seen } = recordingHub();
    const task = (index: number) => ({ taskId: 't', index, total: 2 });
    expect(await runStep(hub, task(0), words, async () => 'one')).toBe('one');
    await runStep(hub, task(1), { ...words, item: 'cart' }, async () => 'two');
    expect(seen.map(([, p]) => p)).toEqual([
      { taskId: 't', label: 'Adding pages', done: 0, total: 2, detail: 'home: checking the image' },
      { taskId: 't', label: 'Adding pages', done: 1, total: 2, detail: 'home: added' },
      { taskId: 't', label: 'Adding pages', done: 1, total: 2, detail: 'cart: checking the image' },
      {
        taskId: 't',
        label: 'Adding pages',
        done: 2,
        total: 2,
        detail: 'cart: added',
        finished: true,
      },
    ]);
  });

  it('reports a failed step and passes its error on; a failed last step still ends the task', async () => {
    const { hub, seen } = recordingHub();
    const boom = new Error('not an image');
    await expect(
      runStep(hub, { taskId: 't', index: 0, total: 1 }, words, () => Promise.reject(boom)),
    ).rejects.toBe(boom);
    expect(seen.at(-1)).toEqual([
      'progress:update',
      {
        taskId: 't',
        label: 'Adding pages',
        done: 1,
        total: 1,
        detail: 'home: failed',
        finished: true,
      },
    ]);
  });

  it('just runs the work when nobody tracks it', async () => {
    const { hub, seen } = recordingHub();
    expect(await runStep(hub, undefined, words, async () => 7)).toBe(7);
    expect(seen).toEqual([]);
  });
});
