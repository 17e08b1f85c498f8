import { afterEach, describe, expect, it } from 'vitest';
import type { DesignSummary } from '../../../../src/shared/domain.ts';
import { comment, makeDesign, openDesign, send, startMachine, type Machine } from './machines.ts';

let machines: Machine[] = [];
afterEach(() => {
  for (const m of machines) m.close();
  machines = [];
});

describe('a duplicated design in packages', () => {
  it('travels as a design of its own, owned by whoever made the copy', async () => {
    const designer = await startMachine('Ada Moreno');
    const reviewer = await startMachine('Jun Park');
    machines.push(designer, reviewer);
    const { design, pages } = await makeDesign(designer);
    await comment(designer, pages[0]!.id, 'Not copied');

    // The reviewer copies the designer's design: the copy is theirs to change.
    await send(designer, reviewer, design.id);
    const copy = await reviewer.call<DesignSummary>('designs:duplicate', design.id);
    expect(copy).toMatchObject({ name: 'Checkout flow (copy)', pageCount: 2, commentCount: 0 });
    await reviewer.call('designs:rename', copy.id, 'My take');
    await reviewer.call('pages:rename', (await openDesign(reviewer, copy.id)).pages[0]!.id, 'one');

    const opened = await send(reviewer, designer, copy.id);
    expect(opened).toMatchObject({ designId: copy.id, designName: 'My take', created: true });
    expect(opened.refused).toEqual([]);
    const view = await openDesign(designer, copy.id);
    expect(view.pages.map((p) => p.name)).toEqual(['one', 'page 2']);
    expect(view.commentCount).toBe(0);
  });
});
