import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHlc } from '../../../../src/core/packages/hlc.ts';
import { mergeDesign } from '../../../../src/core/packages/merge.ts';
import type { DesignFile } from '../../../../src/shared/package-schemas.ts';
import {
  commentRecord,
  designRecord,
  edit,
  emptyFile,
  makePerson,
  pageRecord,
  replyRecord,
  reviewerRecord,
  statusRecord,
  tombstoneOf,
  type Person,
} from './fixtures.ts';

/**
 * Three machines (the owner and two reviewers) run random histories: they add, edit and
 * delete what they may, resolve and reopen, and now and then open each other's packages.
 * Their wall clocks jump about, backwards too. Then the merge's laws are checked.
 */

const OPS = [
  'comment',
  'editComment',
  'deleteComment',
  'reply',
  'editReply',
  'deleteReply',
  'status',
  'page',
  'editPage',
  'deletePage',
  'sync',
] as const;
type Op = { machine: number; op: (typeof OPS)[number]; pick: number; other: number; clock: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  machine: fc.integer({ min: 0, max: 2 }),
  op: fc.constantFrom(...OPS),
  pick: fc.nat(1000),
  other: fc.integer({ min: 0, max: 2 }),
  clock: fc.integer({ min: -2_000, max: 3_000 }),
});

const FAKE_PNG = Buffer.from('an image; the merge never looks at its bytes');

interface Machine {
  person: Person;
  file: DesignFile;
  pins: Map<string, string>;
}

function run(ops: Op[]): Machine[] {
  const walls = [1_000_000, 1_000_000, 1_000_000];
  const people = ['Ada Moreno', 'Jun Park', 'Sam Lee'].map((n, i) =>
    makePerson(n, () => walls[i]!),
  );
  const [owner] = people as [Person];
  const design = designRecord(owner);
  const id = design.id;
  const reviewers = people.map((p) => reviewerRecord(p, id));
  const pins = () => new Map(people.map((p) => [p.id, p.keys.publicKey]));
  const start: DesignFile = {
    ...emptyFile(design, reviewers),
    pages: [pageRecord(owner, id, FAKE_PNG, 0)],
  };
  const machines: Machine[] = people.map((person) => ({
    person,
    file: structuredClone(start),
    pins: pins(),
  }));

  for (const { machine, op, pick, other, clock } of ops) {
    walls[machine] = Math.max(0, walls[machine]! + clock);
    const m = machines[machine]!;
    const me = m.person;
    const f = m.file;
    const one = <T>(list: T[]) => (list.length ? list[pick % list.length] : undefined);
    const mine = <T extends { author: string }>(list: T[]) =>
      one(list.filter((r) => r.author === me.id));
    if (op === 'sync') {
      if (other === machine) continue;
      const result = mergeDesign(f, machines[other]!.file, m.pins);
      expect(result.refused).toEqual([]);
      m.file = result.state;
      if (result.latestStamp) me.clock.receive(decodeHlc(result.latestStamp));
      continue;
    }
    if (op === 'comment') {
      const page = one(f.pages);
      if (page)
        f.comments.push(commentRecord(me, id, page.id, `c${pick}`, pick % 101, (pick * 7) % 101));
    } else if (op === 'editComment') {
      const c = mine(f.comments);
      if (c)
        f.comments = f.comments.map((x) =>
          x === c ? edit('comment', id, me, c, { contents: `e${pick}` }) : x,
        );
    } else if (op === 'deleteComment') {
      const c = mine(f.comments);
      if (c) {
        f.comments = f.comments.filter((x) => x !== c);
        f.statuses = f.statuses.filter((s) => s.id !== c.id);
        f.tombstones.push(tombstoneOf(me, id, 'comment', c));
      }
    } else if (op === 'reply') {
      const c = one(f.comments);
      if (c) f.replies.push(replyRecord(me, id, c.id, `r${pick}`));
    } else if (op === 'editReply') {
      const r = mine(f.replies);
      if (r)
        f.replies = f.replies.map((x) =>
          x === r ? edit('reply', id, me, r, { contents: `e${pick}` }) : x,
        );
    } else if (op === 'deleteReply') {
      const r = mine(f.replies);
      if (r) {
        f.replies = f.replies.filter((x) => x !== r);
        f.tombstones.push(tombstoneOf(me, id, 'reply', r));
      }
    } else if (op === 'status') {
      const c = one(f.comments);
      if (c) {
        const status = pick % 2 ? 'resolved' : 'open';
        f.statuses = [
          ...f.statuses.filter((s) => s.id !== c.id),
          statusRecord(me, id, c.id, status),
        ];
      }
    } else if (me === owner && op === 'page') {
      f.pages.push(pageRecord(owner, id, FAKE_PNG, f.pages.length, `p${pick}`));
    } else if (me === owner && op === 'editPage') {
      const p = one(f.pages);
      if (p)
        f.pages = f.pages.map((x) =>
          x === p ? edit('page', id, owner, p, { name: `n${pick}` }) : x,
        );
    } else if (me === owner && op === 'deletePage') {
      const p = one(f.pages);
      if (p) {
        f.pages = f.pages.filter((x) => x !== p);
        f.tombstones.push(tombstoneOf(owner, id, 'page', p));
      }
    }
  }
  return machines;
}

const merge = (local: DesignFile, incoming: DesignFile, pins: Map<string, string>) => {
  const result = mergeDesign(local, incoming, pins);
  expect(result.refused).toEqual([]);
  return result;
};
const history = fc.array(opArb, { minLength: 1, maxLength: 40 });
const runs = { numRuns: 60 };

describe('merging, over random histories on three machines', () => {
  it('is idempotent: the same package twice changes nothing', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        (ops, a, b) => {
          const machines = run(ops);
          const local = machines[a]!;
          const once = merge(local.file, machines[b]!.file, local.pins);
          const twice = merge(once.state, machines[b]!.file, local.pins);
          expect(twice.state).toEqual(once.state);
          expect(twice.changes).toEqual([]);
        },
      ),
      runs,
    );
  });

  it('is commutative: A then B equals B then A', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 2 }), (ops, local) => {
        const machines = run(ops);
        const [a, b] = [0, 1, 2].filter((i) => i !== local).map((i) => machines[i]!.file) as [
          DesignFile,
          DesignFile,
        ];
        const m = machines[local]!;
        const ab = merge(merge(m.file, a, m.pins).state, b, m.pins).state;
        const ba = merge(merge(m.file, b, m.pins).state, a, m.pins).state;
        expect(ab).toEqual(ba);
      }),
      runs,
    );
  });

  it('loses nothing: every live record of every machine is there after merging all', () => {
    fc.assert(
      fc.property(history, (ops) => {
        const machines = run(ops);
        let all = machines[0]!.file;
        for (const m of machines.slice(1)) all = merge(all, m.file, machines[0]!.pins).state;
        const deleted = new Set(all.tombstones.map((t) => t.id));
        for (const m of machines) {
          for (const kind of ['pages', 'comments', 'replies', 'statuses', 'reviewers'] as const) {
            const merged = new Map<string, { updated: string }>(all[kind].map((r) => [r.id, r]));
            for (const record of m.file[kind]) {
              if (deleted.has(record.id)) continue;
              const held = merged.get(record.id);
              expect(held, `${kind} ${record.id} was lost`).toBeDefined();
              expect(held!.updated >= record.updated).toBe(true);
            }
          }
          for (const t of m.file.tombstones) expect(deleted.has(t.id)).toBe(true);
        }
        // Merging all into another machine, in another order, gives the same design.
        let other = machines[2]!.file;
        for (const m of [machines[1]!, machines[0]!])
          other = merge(other, m.file, machines[2]!.pins).state;
        expect(other).toEqual(all);
      }),
      runs,
    );
  });
});
