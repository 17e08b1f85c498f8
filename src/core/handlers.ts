import type { Handlers } from '../shared/contract.ts';
import { CritError } from '../shared/errors.ts';
import type { OpenCaptureSession } from './capture/index.ts';
import { createCaptureRunner } from './capture-runner.ts';
import { createEventHub, type EventHub } from './events.ts';
import { exportDesign } from './packages/export-design.ts';
import { openPackage } from './packages/open-package.ts';
import { runStep, taskProgress } from './progress.ts';
import type { PdfPrinter } from './reports/export-report.ts';
import { exportReport } from './reports/export-task.ts';
import { SAMPLES } from './samples/catalogue.ts';
import { openSample } from './samples/open-sample.ts';
import { createSampleElements } from './samples/sample-elements.ts';
import {
  addComment,
  addPage,
  addReply,
  createDesign,
  deleteComment,
  deleteDesign,
  deletePage,
  deleteReply,
  describeDesign,
  duplicateDesign,
  editComment,
  editReply,
  getDesign,
  getProfile,
  listDesigns,
  listPageComments,
  markPageSeen,
  moveComment,
  movePage,
  openDataFolder,
  renameDesign,
  renamePage,
  replacePageImage,
  saveProfile,
  setCommentStatus,
  toggleDesignLike,
  type DataFolder,
} from './store/index.ts';

let opening = 0;
/** Progress of one package being opened: checked, merged, images stored, written. */
const openProgress = (hub: EventHub) =>
  taskProgress(hub, { taskId: `package-open:${++opening}`, label: 'Opening a package', total: 4 });

/** What the core needs from its host: where its files are. */
export interface CoreContext {
  /** Folder holding the bundled `samples/` and `avatars/` artwork. */
  resourcesDir: string;
  /** The user's data folder (database, image store). */
  dataDir: string;
  /** The app's version, written into review packages' manifests. */
  appVersion?: string;
  /** Prints report HTML to PDF with the host's Chromium; without it PDF reports are refused. */
  printPdf?: PdfPrinter;
  /** Opens a browser page for `pages.capture`: a hidden window, or Playwright's Chromium. */
  openCapture?: OpenCaptureSession;
}

/**
 * The implementation of every contract call, independent of the transport. The data
 * folder is opened on first use unless the host hands in one it opened itself.
 */
export function createHandlers(
  ctx: CoreContext,
  folder?: DataFolder,
  // Handlers announce progress of long work here; hosts forward it to their renderers.
  hub: EventHub = createEventHub(),
): Handlers {
  let opened = folder;
  const data = () => (opened ??= openDataFolder(ctx.dataDir));
  const db = () => data().db;
  const sampleElements = createSampleElements(ctx.resourcesDir);
  const captures = createCaptureRunner({ data, open: ctx.openCapture, hub });

  /**
   * The local user's reviewer id: who every comment and reply call acts as. Writing
   * needs a profile; what that person may change is `permissions.ts`'s decision.
   */
  const me = (doing = 'writing comments'): string => {
    const profile = getProfile(db());
    if (!profile) throw new CritError('conflict', `Set up your profile before ${doing}.`);
    return profile.reviewerId;
  };

  return {
    samples: {
      list: () => Object.values(SAMPLES).map((s) => s.card),
      open: (name) => openSample(name, sampleElements),
    },
    designs: {
      list: () => listDesigns(db()),
      create: (input) => createDesign(db(), input),
      open: (id) => getDesign(db(), id),
      rename: (id, name) => renameDesign(db(), id, name),
      remove: (id) => (deleteDesign(db(), id), data().collector.collect()),
      duplicate: (id) => duplicateDesign(db(), id),
      describe: (id, description) => describeDesign(db(), id, description),
      like: (id) => toggleDesignLike(db(), id, me('liking a design')),
    },
    pages: {
      add: ({ designId, name, bytes, task }) =>
        runStep(
          hub,
          task,
          { label: 'Adding pages', item: name, working: 'checking the image', done: 'added' },
          () =>
            data().collector.importing(() =>
              addPage(db(), data().images, designId, { name, bytes }),
            ),
        ),
      rename: (id, name) => renamePage(db(), id, name),
      move: (id, toIndex) => movePage(db(), id, toIndex),
      remove: (id) => (deletePage(db(), id), data().collector.collect()),
      replaceImage: (id, bytes) =>
        data().collector.importing(() => replacePageImage(db(), data().images, id, bytes), true),
      capture: (request) => captures.capture(request),
      cancelCapture: (taskId) => captures.cancel(taskId),
    },
    comments: {
      list: (pageId) => listPageComments(db(), pageId),
      add: (input) => addComment(db(), { ...input, reviewerId: me() }),
      edit: (id, change) => editComment(db(), id, me(), change),
      remove: (id) => deleteComment(db(), id, me()),
      setStatus: (id, status) => setCommentStatus(db(), id, me(), status),
      move: (id, x, y) => moveComment(db(), id, me(), x, y),
      reply: (commentId, contents) => addReply(db(), { commentId, reviewerId: me(), contents }),
      editReply: (id, contents) => editReply(db(), id, me(), contents),
      removeReply: (id) => deleteReply(db(), id, me()),
      markSeen: (pageId) => markPageSeen(db(), pageId),
    },
    packages: {
      export: (designId) =>
        exportDesign(
          data(),
          designId,
          ctx.appVersion ?? 'unknown',
          taskProgress(hub, { taskId: `package-export:${designId}`, label: 'Exporting', total: 2 }),
        ),
      open: ({ bytes }) => openPackage(data(), bytes, openProgress(hub)),
    },
    profile: {
      get: () => getProfile(db()),
      save: (input) =>
        data().collector.importing(() => saveProfile(db(), data().images, input), true),
    },
    reports: {
      export: (request) =>
        exportReport(db(), data().images, request, { hub, printPdf: ctx.printPdf }),
    },
  };
}
