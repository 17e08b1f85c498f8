import type { DesignView, Handlers } from '../shared/contract.ts';
import { CritError } from '../shared/errors.ts';
import { createEventHub, type EventHub } from './events.ts';
import { SAMPLES } from './samples/catalogue.ts';
import { buildSample } from './samples/build-sample.ts';
import { createSampleElements } from './samples/sample-elements.ts';
import {
  addComment,
  addPage,
  addReply,
  countComments,
  createDesign,
  deleteComment,
  deleteDesign,
  deletePage,
  deleteReply,
  editComment,
  editReply,
  getComment,
  getDesign,
  getProfile,
  listDesignReviewers,
  listDesigns,
  listPageComments,
  moveComment,
  movePage,
  openDataFolder,
  renameDesign,
  renamePage,
  replacePageImage,
  saveProfile,
  setCommentStatus,
  type DataFolder,
} from './store/index.ts';

/** What the core needs from its host: where its files are. */
export interface CoreContext {
  /** Folder holding the bundled `samples/` and `avatars/` artwork. */
  resourcesDir: string;
  /** The user's data folder (database, image store). */
  dataDir: string;
}

/**
 * The implementation of every contract call, independent of the transport. The data
 * folder is opened on first use unless the host hands in one it opened itself.
 */
export function createHandlers(
  ctx: CoreContext,
  folder?: DataFolder,
  // Handlers announce progress of long work here; hosts forward it to their renderers.
  _hub: EventHub = createEventHub(),
): Handlers {
  let opened = folder;
  const data = () => (opened ??= openDataFolder(ctx.dataDir));
  const db = () => data().db;
  const sampleElements = createSampleElements(ctx.resourcesDir);

  /** The local user's reviewer id; writing needs a profile. */
  const me = (): string => {
    const profile = getProfile(db());
    if (!profile) throw new CritError('conflict', 'Set up your profile before writing comments.');
    return profile.reviewerId;
  };

  const openDesign = (id: string): DesignView => {
    const design = getDesign(db(), id);
    return {
      ...design,
      reviewers: listDesignReviewers(db(), id),
      commentCount: countComments(db(), id),
    };
  };

  return {
    samples: {
      list: () => Object.values(SAMPLES).map((s) => s.card),
      open: async (name) => {
        const review = buildSample(name);
        const pages = await Promise.all(
          review.pages.map(async (p) => ({ ...p, elements: await sampleElements(p.img) })),
        );
        return { ...review, pages };
      },
    },
    designs: {
      list: () => listDesigns(db()),
      create: (input) => createDesign(db(), input),
      open: openDesign,
      rename: (id, name) => renameDesign(db(), id, name),
      remove: (id) => (deleteDesign(db(), id), data().collector.collect()),
    },
    pages: {
      add: ({ designId, name, bytes }) =>
        data().collector.importing(() => addPage(db(), data().images, designId, { name, bytes })),
      rename: (id, name) => renamePage(db(), id, name),
      move: (id, toIndex) => movePage(db(), id, toIndex),
      remove: (id) => (deletePage(db(), id), data().collector.collect()),
      replaceImage: (id, bytes) =>
        data().collector.importing(() => replacePageImage(db(), data().images, id, bytes), true),
    },
    comments: {
      list: (pageId) => listPageComments(db(), pageId),
      add: (input) => addComment(db(), { ...input, reviewerId: me() }),
      edit: (id, change) => editComment(db(), id, me(), change),
      remove: (id) => deleteComment(db(), id, me()),
      setStatus: (id, status) => setCommentStatus(db(), id, status),
      move: (id, x, y) => {
        if (getComment(db(), id).reviewerId !== me()) {
          throw new CritError('conflict', 'Only the author can move this pin.');
        }
        return moveComment(db(), id, x, y);
      },
      reply: (commentId, contents) => addReply(db(), { commentId, reviewerId: me(), contents }),
      editReply: (id, contents) => editReply(db(), id, me(), contents),
      removeReply: (id) => deleteReply(db(), id, me()),
    },
    profile: {
      get: () => getProfile(db()),
      save: ({ name, role, avatar }) =>
        data().collector.importing(
          () =>
            saveProfile(db(), data().images, {
              name,
              role,
              ...(avatar !== undefined ? { avatarBytes: avatar } : {}),
            }),
          true,
        ),
    },
  };
}
