import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src/core/handlers.ts';
import { createDispatch } from '../../../src/core/dispatch.ts';
import { mayChangeComment, mayChangeReply } from '../../../src/core/permissions.ts';
import { addComment, addReply } from '../../../src/core/store/comments.ts';
import { makeDataFolder, makeImage, snapshot } from './store/helpers.ts';

const AUTHOR = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'b0000000-0000-4000-8000-000000000002';

describe('the rules', () => {
  it('gives a comment’s text, pin and existence to its author, its status to every reviewer', () => {
    for (const change of ['edit', 'delete', 'move'] as const) {
      expect(mayChangeComment(AUTHOR, AUTHOR, change), change).toBe(true);
      expect(mayChangeComment(OTHER, AUTHOR, change), change).toBe(false);
    }
    expect(mayChangeComment(AUTHOR, AUTHOR, 'set-status')).toBe(true);
    expect(mayChangeComment(OTHER, AUTHOR, 'set-status')).toBe(true);
  });

  it('gives a reply to its author alone', () => {
    for (const change of ['edit', 'delete'] as const) {
      expect(mayChangeReply(AUTHOR, AUTHOR, change)).toBe(true);
      expect(mayChangeReply(OTHER, AUTHOR, change)).toBe(false);
    }
  });
});

describe('every comment, reply and pin call follows them', () => {
  let folder: ReturnType<typeof makeDataFolder>;
  let dispatch: ReturnType<typeof createDispatch>;
  let theirs: { commentId: string; replyId: string };
  let mine: { commentId: string; replyId: string };

  const call = async (channel: string, args: unknown[]) => dispatch(channel, args);
  const value = async <T>(channel: string, args: unknown[]) => {
    const answer = await call(channel, args);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value as T;
  };

  beforeEach(async () => {
    folder = makeDataFolder();
    dispatch = createDispatch(createHandlers({ resourcesDir: '', dataDir: folder.dir }, folder));
    const design = await value<{ id: string }>('designs:create', [{ name: 'Shop' }]);
    const page = await value<{ id: string }>('pages:add', [
      { designId: design.id, name: 'home', bytes: await makeImage(40, 40) },
    ]);
    await value('profile:save', [{ name: 'Ada', role: 'peer' }]);
    folder.db
      .prepare(
        "INSERT INTO reviewers (id, name, role, avatar_hash, created_at) VALUES (?, 'Jun', 'peer', NULL, '2025-01-01T00:00:00Z')",
      )
      .run(OTHER);
    // Someone else's comment and reply, as a merged review package would bring them.
    const input = { pageId: page.id, tag: 'nav' as const, contents: 'Theirs', x: 1, y: 1 };
    const comment = addComment(folder.db, { ...input, reviewerId: OTHER });
    const reply = addReply(folder.db, { commentId: comment.id, reviewerId: OTHER, contents: 'r' });
    theirs = { commentId: comment.id, replyId: reply.id };
    const own = await value<{ id: string }>('comments:add', [{ ...input, contents: 'Mine' }]);
    const ownReply = await value<{ id: string }>('comments:reply', [own.id, 'Mine too']);
    mine = { commentId: own.id, replyId: ownReply.id };
  });
  afterEach(() => folder.cleanup());

  it('refuses to change another reviewer’s comment, pin or reply, changing nothing', async () => {
    const before = snapshot(folder.db);
    const refused: [string, unknown[]][] = [
      ['comments:edit', [theirs.commentId, { contents: 'Hijacked' }]],
      ['comments:remove', [theirs.commentId]],
      ['comments:move', [theirs.commentId, 50, 50]],
      ['comments:editReply', [theirs.replyId, 'Hijacked']],
      ['comments:removeReply', [theirs.replyId]],
    ];
    for (const [channel, args] of refused) {
      const answer = await call(channel, args);
      expect(answer, channel).toEqual({
        ok: false,
        error: { code: 'conflict', message: expect.stringMatching(/^Only the author can /) },
      });
    }
    expect(snapshot(folder.db)).toEqual(before);
  });

  it('lets the local user resolve and reopen anyone’s comment', async () => {
    const resolved = await value<{ status: string }>('comments:setStatus', [
      theirs.commentId,
      'resolved',
    ]);
    expect(resolved.status).toBe('resolved');
    expect(
      (await value<{ status: string }>('comments:setStatus', [theirs.commentId, 'open'])).status,
    ).toBe('open');
  });

  it('lets the author change their own comment, pin and reply', async () => {
    await value('comments:edit', [mine.commentId, { contents: 'Edited' }]);
    await value('comments:move', [mine.commentId, 30, 40]);
    await value('comments:editReply', [mine.replyId, 'Edited too']);
    await value('comments:removeReply', [mine.replyId]);
    await value('comments:remove', [mine.commentId]);
    expect(folder.db.prepare('SELECT COUNT(*) AS n FROM comments').get()).toEqual({ n: 1 });
  });

  it('asks for a profile before any change, even resolving', async () => {
    folder.db.prepare("DELETE FROM settings WHERE key = 'local_reviewer_id'").run();
    const before = snapshot(folder.db);
    for (const [channel, args] of [
      ['comments:setStatus', [theirs.commentId, 'resolved']],
      ['comments:move', [mine.commentId, 5, 5]],
    ] as [string, unknown[]][]) {
      const answer = await call(channel, args);
      expect(answer.ok, channel).toBe(false);
      expect(!answer.ok && answer.error.message).toMatch(/Set up your profile/);
    }
    expect(snapshot(folder.db)).toEqual(before);
  });
});
