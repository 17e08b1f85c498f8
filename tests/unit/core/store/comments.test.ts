import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, Profile } from '../../../../src/shared/domain.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { createDesign, listDesigns } from '../../../../src/core/store/designs.ts';
import { addPage } from '../../../../src/core/store/pages.ts';
import {
  addComment,
  addComments,
  addReply,
  countComments,
  deleteComment,
  deleteReply,
  editComment,
  editReply,
  getComment,
  listPageComments,
  moveComment,
  setCommentStatus,
  type NewComment,
} from '../../../../src/core/store/comments.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import {
  commentEditSchema,
  newCommentSchema,
  replyTextSchema,
} from '../../../../src/shared/schemas.ts';
import { makeDataFolder, makeImage, snapshot } from './helpers.ts';

const START = Date.parse('2025-03-01T10:00:00Z');
let folder: ReturnType<typeof makeDataFolder>;
let designId: string;
let page: Page;
let other: Page;
let me: Profile;
let guestId: string;

beforeEach(async () => {
  folder = makeDataFolder();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  designId = createDesign(folder.db, { name: 'Shop' }).id;
  page = await addPage(folder.db, folder.images, designId, {
    name: 'home',
    bytes: await makeImage(400, 800),
  });
  other = await addPage(folder.db, folder.images, designId, {
    name: 'cart',
    bytes: await makeImage(400, 600, 'png', '#00ff00'),
  });
  me = await saveProfile(folder.db, folder.images, { name: 'Ada Moreno', role: 'expert' });
  // Someone else, as a merged review package would bring them.
  guestId = '11111111-1111-4111-8111-111111111111';
  folder.db
    .prepare(
      "INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, 'Jun Park', 'peer', NULL, '2025-01-01T00:00:00Z')",
    )
    .run(guestId);
});
afterEach(() => {
  vi.useRealTimers();
  folder.cleanup();
});

const at = (seconds: number) => vi.setSystemTime(START + seconds * 1000);

/** Adds a comment as `comments.add` does: the contract's schema first, then the store. */
function comment(overrides: Partial<NewComment> = {}) {
  const { reviewerId = me.reviewerId, ...input } = overrides;
  const parsed = newCommentSchema.parse({
    pageId: page.id,
    tag: 'button',
    contents: 'Label is vague',
    x: 10,
    y: 20,
    ...input,
  });
  return addComment(folder.db, { ...parsed, reviewerId });
}

const edit = (input: unknown) => commentEditSchema.parse(input);
const replyText = (text: string) => replyTextSchema.parse(text);

function caught(fn: () => unknown): CritError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CritError);
    return error as CritError;
  }
  throw new Error('no error');
}

describe('comments', () => {
  it('adds an open comment with a trimmed text and a position on its page', () => {
    at(5);
    const added = comment({ contents: '  Label is vague \n' });
    expect(added).toEqual({
      // A time-ordered uuid (version 7).
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      contents: 'Label is vague',
      created_at: '2025-03-01T10:00:05.000Z',
      reviewerId: me.reviewerId,
      pageId: page.id,
      tag: 'button',
      position: { x: 10, y: 20, page: page.id },
      status: 'open',
      number: 1,
      unread: false,
      replies: [],
    });
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe('2025-03-01T10:00:05.000Z');
  });

  it('lists a page’s comments newest first, each with its replies oldest first', () => {
    at(1);
    const older = comment({ contents: 'first' });
    at(2);
    const newer = comment({ contents: 'second', reviewerId: guestId });
    comment({ pageId: other.id, contents: 'elsewhere' });
    at(3);
    const r1 = addReply(folder.db, {
      commentId: older.id,
      reviewerId: guestId,
      contents: 'Agreed',
    });
    at(4);
    const r2 = addReply(folder.db, {
      commentId: older.id,
      reviewerId: me.reviewerId,
      contents: 'Done',
    });
    const list = listPageComments(folder.db, page.id);
    expect(list.map((c) => c.contents)).toEqual(['second', 'first']);
    expect(list[1]!.replies).toEqual([r1, r2]);
    expect(r1).toEqual({
      id: expect.any(String),
      commentId: older.id,
      reviewerId: guestId,
      contents: 'Agreed',
      created_at: '2025-03-01T10:00:03.000Z',
      unread: false,
    });
    expect(list[0]).toEqual(newer);
  });

  it('keeps a comment of 5000 characters at the edges of the image', () => {
    expect(comment({ contents: 'y'.repeat(5000), x: 0, y: 100 }).contents).toHaveLength(5000);
  });

  it('lets only the author edit or delete a comment', () => {
    const mine = comment();
    at(60);
    const edited = editComment(
      folder.db,
      mine.id,
      me.reviewerId,
      edit({ contents: ' Say what happens ', tag: 'form' }),
    );
    expect(edited).toMatchObject({ contents: 'Say what happens', tag: 'form' });
    expect(editComment(folder.db, mine.id, me.reviewerId, { tag: 'nav' })).toMatchObject({
      contents: 'Say what happens',
      tag: 'nav',
    });
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe('2025-03-01T10:01:00.000Z');

    const before = snapshot(folder.db);
    const editError = caught(() =>
      editComment(folder.db, mine.id, guestId, { contents: 'hijacked' }),
    );
    expect([editError.code, editError.message]).toEqual([
      'conflict',
      'Only the author can edit this comment.',
    ]);
    const deleteError = caught(() => deleteComment(folder.db, mine.id, guestId));
    expect([deleteError.code, deleteError.message]).toEqual([
      'conflict',
      'Only the author can delete this comment.',
    ]);
    expect(snapshot(folder.db)).toEqual(before);

    addReply(folder.db, { commentId: mine.id, reviewerId: guestId, contents: 'Hm' });
    deleteComment(folder.db, mine.id, me.reviewerId);
    expect(listPageComments(folder.db, page.id)).toEqual([]);
    expect(folder.db.prepare('SELECT COUNT(*) AS n FROM replies').get()).toEqual({ n: 0 });
  });

  it('lets any reviewer resolve or reopen any comment', () => {
    const c = comment();
    at(30);
    expect(setCommentStatus(folder.db, c.id, guestId, 'resolved').status).toBe('resolved');
    expect(countComments(folder.db, designId, { status: 'resolved' })).toBe(1);
    expect(setCommentStatus(folder.db, c.id, me.reviewerId, 'open').status).toBe('open');
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe('2025-03-01T10:00:30.000Z');
    const before = snapshot(folder.db);
    const stranger = '44444444-4444-4444-8444-444444444444';
    expect(caught(() => setCommentStatus(folder.db, c.id, stranger, 'resolved')).code).toBe(
      'not-found',
    );
    expect(snapshot(folder.db)).toEqual(before);
  });

  it('lets only the author move a pin, within its page', () => {
    const c = comment();
    expect(moveComment(folder.db, c.id, me.reviewerId, 55.5, 0).position).toEqual({
      x: 55.5,
      y: 0,
      page: page.id,
    });
    const error = caught(() => moveComment(folder.db, c.id, guestId, 5, 5));
    expect([error.code, error.message]).toEqual([
      'conflict',
      'Only the author can move the pin of this comment.',
    ]);
    expect(getComment(folder.db, c.id).position).toEqual({ x: 55.5, y: 0, page: page.id });
  });

  it('lets only a reply’s author edit or delete it', () => {
    const c = comment();
    const reply = addReply(folder.db, {
      commentId: c.id,
      reviewerId: guestId,
      contents: replyText(' Sure '),
    });
    expect(reply.contents).toBe('Sure');
    expect(editReply(folder.db, reply.id, guestId, replyText('Sure thing ')).contents).toBe(
      'Sure thing',
    );
    const before = snapshot(folder.db);
    expect(caught(() => editReply(folder.db, reply.id, me.reviewerId, 'no')).message).toBe(
      'Only the author can edit this reply.',
    );
    expect(caught(() => deleteReply(folder.db, reply.id, me.reviewerId)).message).toBe(
      'Only the author can delete this reply.',
    );
    expect(snapshot(folder.db)).toEqual(before);
    deleteReply(folder.db, reply.id, guestId);
    expect(getComment(folder.db, c.id).replies).toEqual([]);
  });

  it('counts comments in a design, with filters', () => {
    comment({ tag: 'nav' });
    comment({ tag: 'nav', reviewerId: guestId });
    const onOther = comment({ pageId: other.id, tag: 'footer' });
    setCommentStatus(folder.db, onOther.id, me.reviewerId, 'resolved');
    expect(countComments(folder.db, designId)).toBe(3);
    expect(countComments(folder.db, designId, { pageId: page.id })).toBe(2);
    expect(countComments(folder.db, designId, { reviewerId: guestId })).toBe(1);
    expect(countComments(folder.db, designId, { tag: 'nav' })).toBe(2);
    expect(countComments(folder.db, designId, { status: 'open' })).toBe(2);
    expect(countComments(folder.db, designId, { tag: 'footer', status: 'resolved' })).toBe(1);
    expect(countComments(folder.db, designId, { reviewerId: 'nobody' })).toBe(0);
  });

  it('answers not-found for unknown ids and changes nothing', () => {
    const c = comment();
    const reply = addReply(folder.db, {
      commentId: c.id,
      reviewerId: me.reviewerId,
      contents: 'r',
    });
    const before = snapshot(folder.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    const errors = [
      caught(() => comment({ pageId: missing })),
      caught(() => comment({ reviewerId: missing })),
      caught(() => listPageComments(folder.db, missing)),
      caught(() => countComments(folder.db, missing)),
      caught(() => getComment(folder.db, missing)),
      caught(() => editComment(folder.db, missing, me.reviewerId, { contents: 'x' })),
      caught(() => deleteComment(folder.db, missing, me.reviewerId)),
      caught(() => setCommentStatus(folder.db, missing, me.reviewerId, 'resolved')),
      caught(() => moveComment(folder.db, missing, me.reviewerId, 1, 1)),
      caught(() =>
        addReply(folder.db, { commentId: missing, reviewerId: me.reviewerId, contents: 'x' }),
      ),
      caught(() => addReply(folder.db, { commentId: c.id, reviewerId: missing, contents: 'x' })),
      caught(() => editReply(folder.db, missing, me.reviewerId, 'x')),
      caught(() => deleteReply(folder.db, missing, me.reviewerId)),
    ];
    expect(errors.map((e) => e.code)).toEqual(Array(errors.length).fill('not-found'));
    expect(errors[0]!.message).toBe('That page does not exist; it may have been deleted.');
    expect(snapshot(folder.db)).toEqual(before);
    expect(getComment(folder.db, c.id).replies).toEqual([reply]);
  });
  it('adds a batch of comments in one transaction, in the order given', () => {
    at(30);
    const batch: NewComment[] = [
      { pageId: page.id, reviewerId: me.reviewerId, tag: 'nav', contents: 'One', x: 1, y: 2 },
      { pageId: other.id, reviewerId: guestId, tag: 'footer', contents: 'Two', x: 3, y: 4 },
      { pageId: page.id, reviewerId: guestId, tag: 'logo', contents: 'Three', x: 5, y: 6 },
    ];
    const added = addComments(folder.db, batch);
    expect(added.map((c) => c.contents)).toEqual(['One', 'Two', 'Three']);
    for (const c of added) expect(getComment(folder.db, c.id)).toEqual(c);
    expect(added[1]).toMatchObject({
      pageId: other.id,
      reviewerId: guestId,
      tag: 'footer',
      position: { x: 3, y: 4, page: other.id },
      status: 'open',
      replies: [],
      created_at: new Date(START + 30_000).toISOString(),
    });
    expect(listPageComments(folder.db, page.id).map((c) => c.contents)).toEqual(['Three', 'One']);
    expect(countComments(folder.db, designId)).toBe(3);
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe(new Date(START + 30_000).toISOString());
    expect(addComments(folder.db, [])).toEqual([]);
    // Ids are time-ordered, so a batch's ids ascend.
    const ids = added.map((c) => c.id);
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a whole batch when one comment in it names an unknown page or reviewer', () => {
    const before = snapshot(folder.db);
    const good = { pageId: page.id, reviewerId: me.reviewerId, tag: 'nav' as const, x: 1, y: 2 };
    expect(
      caught(() =>
        addComments(folder.db, [
          { ...good, contents: 'ok' },
          { ...good, contents: 'ok', pageId: '22222222-2222-4222-8222-222222222222' },
        ]),
      ).code,
    ).toBe('not-found');
    expect(
      caught(() =>
        addComments(folder.db, [
          { ...good, contents: 'ok' },
          { ...good, contents: 'ok', reviewerId: '33333333-3333-4333-8333-333333333333' },
        ]),
      ).code,
    ).toBe('not-found');
    expect(snapshot(folder.db)).toEqual(before);
  });
  it('gives comments version-7 ids that sort in the order they were added', () => {
    vi.useRealTimers();
    const ids = Array.from({ length: 300 }, (_, i) => comment({ contents: `c${i}` }).id);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Many share a millisecond; the order still holds within one.
    expect([...ids].sort()).toEqual(ids);
  });
});
