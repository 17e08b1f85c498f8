import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDesign, listDesigns } from '../../../../src/core/store/designs.ts';
import { addPage } from '../../../../src/core/store/pages.ts';
import {
  addComment,
  editComment,
  getComment,
  listPageComments,
  moveComment,
  setCommentStatus,
} from '../../../../src/core/store/comments.ts';
import { saveProfile } from '../../../../src/core/store/reviewers.ts';
import { commentEditSchema } from '../../../../src/shared/schemas.ts';
import type { Comment } from '../../../../src/shared/domain.ts';
import { makeDataFolder, makeImage, snapshot } from './helpers.ts';

const START = Date.parse('2025-03-01T10:00:00Z');
let folder: ReturnType<typeof makeDataFolder>;
let me: string;
let posted: Comment;

beforeEach(async () => {
  folder = makeDataFolder();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  const design = createDesign(folder.db, { name: 'Shop' });
  const page = await addPage(folder.db, folder.images, design.id, {
    name: 'home',
    bytes: await makeImage(100, 200),
  });
  me = (await saveProfile(folder.db, folder.images, { name: 'Ada', role: 'peer' })).reviewerId;
  posted = addComment(folder.db, {
    pageId: page.id,
    reviewerId: me,
    tag: 'button',
    contents: 'Label is vague',
    x: 10,
    y: 20,
  });
});
afterEach(() => {
  vi.useRealTimers();
  folder.cleanup();
});

const at = (seconds: number) => vi.setSystemTime(START + seconds * 1000);
const edit = (input: unknown) => commentEditSchema.parse(input);

describe('edited comments', () => {
  it('a new comment is not marked edited', () => {
    expect(posted).not.toHaveProperty('editedAt');
    expect(listPageComments(folder.db, posted.pageId)[0]).not.toHaveProperty('editedAt');
  });

  it('a change of text marks the comment edited, in every read', () => {
    at(90);
    const edited = editComment(folder.db, posted.id, me, edit({ contents: 'Say what it does' }));
    expect(edited).toMatchObject({
      contents: 'Say what it does',
      created_at: posted.created_at,
      editedAt: '2025-03-01T10:01:30.000Z',
    });
    expect(getComment(folder.db, posted.id).editedAt).toBe(edited.editedAt);
    expect(listPageComments(folder.db, posted.pageId)[0]!.editedAt).toBe(edited.editedAt);
  });

  it('a change of tag alone marks it edited too, and a later edit moves the mark', () => {
    at(30);
    expect(editComment(folder.db, posted.id, me, edit({ tag: 'form' }))).toMatchObject({
      tag: 'form',
      contents: 'Label is vague',
      editedAt: '2025-03-01T10:00:30.000Z',
    });
    at(60);
    expect(editComment(folder.db, posted.id, me, edit({ tag: 'nav' })).editedAt).toBe(
      '2025-03-01T10:01:00.000Z',
    );
  });

  it('moving the pin or resolving does not mark a comment edited', () => {
    at(30);
    moveComment(folder.db, posted.id, me, 50, 50);
    setCommentStatus(folder.db, posted.id, me, 'resolved');
    setCommentStatus(folder.db, posted.id, me, 'open');
    expect(getComment(folder.db, posted.id)).not.toHaveProperty('editedAt');
  });

  it('an edit that changes nothing writes nothing, not even the design’s activity', () => {
    const before = snapshot(folder.db);
    at(120);
    const same = editComment(
      folder.db,
      posted.id,
      me,
      edit({ contents: ' Label is vague ', tag: 'button' }),
    );
    expect(same).not.toHaveProperty('editedAt');
    expect(snapshot(folder.db)).toEqual(before);
    expect(listDesigns(folder.db)[0]!.updatedAt).toBe('2025-03-01T10:00:00.000Z');
  });
});
