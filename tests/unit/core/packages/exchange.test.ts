import { afterEach, describe, expect, it } from 'vitest';
import type { Comment, PackageFile, PackageOpened } from '../../../../src/shared/domain.ts';
import {
  comment,
  makeDesign,
  openDesign,
  pageComments,
  reply,
  send,
  startMachine,
  type Machine,
} from './machines.ts';

let machines: Machine[] = [];
afterEach(() => {
  for (const m of machines) m.close();
  machines = [];
});
async function two() {
  const designer = await startMachine('Ada Moreno');
  const reviewer = await startMachine('Jun Park');
  machines.push(designer, reviewer);
  return { designer, reviewer };
}
const texts = (list: Comment[]) => list.map((c) => c.contents);

describe('review packages through the bridge', () => {
  it('creates the design on the reviewer, and merges their feedback back', async () => {
    const { designer, reviewer } = await two();
    const { design, pages } = await makeDesign(designer);
    const mine = await comment(designer, pages[0]!.id, 'Make the nav sticky');

    const first = await send(designer, reviewer, design.id);
    expect(first).toMatchObject({
      designId: design.id,
      designName: 'Checkout flow',
      created: true,
    });
    expect(first.changed).toBe(true);
    expect(first.refused).toEqual([]);
    const view = await openDesign(reviewer, design.id);
    expect(view.pages.map((p) => p.name)).toEqual(['page 1', 'page 2']);
    expect(view.reviewers.map((r) => r.name)).toContain('Ada Moreno');
    const arrived = await pageComments(reviewer, pages[0]!.id);
    expect(arrived).toMatchObject([{ contents: 'Make the nav sticky', number: 1, unread: true }]);

    await reviewer.call('comments:markSeen', pages[0]!.id);
    expect((await pageComments(reviewer, pages[0]!.id))[0]!.unread).toBe(false);

    // The reviewer comments, replies and resolves; the designer opens their package.
    const theirs = await comment(reviewer, pages[0]!.id, 'The button label is vague');
    await comment(reviewer, pages[1]!.id, 'Footer links look cramped');
    await reply(reviewer, mine.id, 'Agreed, on scroll');
    await reviewer.call('comments:setStatus', mine.id, 'resolved');
    const back = await send(reviewer, designer, design.id);
    expect(back.created).toBe(false);
    expect(back.changed).toBe(true);
    expect(back.summary).toBe('Jun Park: 2 new comments, 1 reply, 1 resolved');
    expect(back.people).toMatchObject([{ name: 'Jun Park', counts: { 'comment:new': 2 } }]);
    const merged = await pageComments(designer, pages[0]!.id);
    expect(merged.map((c) => [c.contents, c.number, c.unread, c.status])).toEqual([
      ['Make the nav sticky', 1, false, 'resolved'],
      ['The button label is vague', 2, true, 'open'],
    ]);
    expect(merged[0]!.replies).toMatchObject([{ contents: 'Agreed, on scroll', unread: true }]);
    expect((await openDesign(designer, design.id)).reviewers.map((r) => r.name)).toEqual([
      'Ada Moreno',
      'Jun Park',
    ]);

    // The local user still edits only their own comments.
    const refused = await designer.fails('comments:edit', theirs.id, { contents: 'Mine now' });
    expect(refused.code).toBe('conflict');
    await designer.call('comments:edit', mine.id, { contents: 'Make the nav sticky, please' });
    // And the reviewer may not change the designer's pages.
    expect((await reviewer.fails('pages:rename', pages[0]!.id, 'Mine')).code).toBe('conflict');
  });

  it('changes nothing when the same package is opened twice', async () => {
    const { designer, reviewer } = await two();
    const { design, pages } = await makeDesign(designer);
    await comment(designer, pages[0]!.id, 'First');
    const pkg = await designer.call<PackageFile>('packages:export', design.id);
    await reviewer.call('packages:open', { bytes: pkg.bytes });
    const before = reviewer.folder.db.prepare('SELECT * FROM comments').all();
    const again = await reviewer.call<PackageOpened>('packages:open', { bytes: pkg.bytes });
    expect(again).toMatchObject({ created: false, changed: false, summary: 'Nothing new.' });
    expect(reviewer.folder.db.prepare('SELECT * FROM comments').all()).toEqual(before);
    // Its own package coming back changes nothing either.
    const home = await send(reviewer, designer, design.id);
    expect(home.changed).toBe(false);
  });

  it('keeps edits made on both sides in the meantime, and deletions travel', async () => {
    const { designer, reviewer } = await two();
    const { design, pages } = await makeDesign(designer);
    const a = await comment(designer, pages[0]!.id, 'A');
    const b = await comment(designer, pages[0]!.id, 'B');
    await send(designer, reviewer, design.id);
    const r1 = await comment(reviewer, pages[0]!.id, 'R1');
    await send(reviewer, designer, design.id);

    // Both sides work at once: edits, a new comment each, a deletion each.
    await designer.call('comments:edit', a.id, { contents: 'A, edited by the designer' });
    await designer.call('comments:remove', b.id);
    const d2 = await comment(designer, pages[0]!.id, 'D2');
    await reviewer.call('comments:edit', r1.id, { contents: 'R1, edited by the reviewer' });
    const r2 = await comment(reviewer, pages[0]!.id, 'R2');
    await reviewer.call('comments:remove', r2.id);
    await comment(reviewer, pages[0]!.id, 'R3');

    await send(designer, reviewer, design.id);
    await send(reviewer, designer, design.id);
    const onDesigner = await pageComments(designer, pages[0]!.id);
    const onReviewer = await pageComments(reviewer, pages[0]!.id);
    expect(texts(onDesigner)).toEqual([
      'A, edited by the designer',
      'R1, edited by the reviewer',
      'D2',
      'R3',
    ]);
    // Same numbers on both machines; deleted B and R2 keep theirs, unused.
    const numbers = (list: Comment[]) => list.map((c) => [c.contents, c.number]);
    expect(numbers(onReviewer)).toEqual(numbers(onDesigner));
    expect(onDesigner.map((c) => c.number)).not.toContain(2);
    expect(onDesigner.find((c) => c.id === d2.id)!.number).toBeGreaterThan(3);

    // A deleted comment never comes back, even from an old package.
    expect(onDesigner.some((c) => c.id === b.id)).toBe(false);
  });

  it('numbers stay put under deletes and new comments', async () => {
    const { designer } = await two();
    const { pages } = await makeDesign(designer, 1);
    const made = [];
    for (const t of ['one', 'two', 'three']) made.push(await comment(designer, pages[0]!.id, t));
    await designer.call('comments:remove', made[2]!.id);
    const four = await comment(designer, pages[0]!.id, 'four');
    expect(four.number).toBe(4);
    expect((await pageComments(designer, pages[0]!.id)).map((c) => c.number)).toEqual([1, 2, 4]);
  });
});
