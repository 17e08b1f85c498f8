import { createDispatch } from '../../../../src/core/dispatch.ts';
import { createEventHub } from '../../../../src/core/events.ts';
import { createHandlers } from '../../../../src/core/handlers.ts';
import { openDataFolder, type DataFolder } from '../../../../src/core/store/data-folder.ts';
import type { Channel } from '../../../../src/shared/contract.ts';
import type {
  Comment,
  DesignSummary,
  DesignView,
  PackageFile,
  PackageOpened,
  Page,
  Profile,
  Reply,
} from '../../../../src/shared/domain.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { makeImage, makeTempDir } from '../store/helpers.ts';

/** One person's Crit: a data folder behind the real dispatcher. */
export interface Machine {
  dir: string;
  folder: DataFolder;
  call<T>(channel: Channel, ...args: unknown[]): Promise<T>;
  /** The error code and message a call fails with. */
  fails(channel: Channel, ...args: unknown[]): Promise<CritError>;
  profile: Profile;
  close(): void;
}

/** Starts a machine with a profile named `name`. */
export async function startMachine(name: string): Promise<Machine> {
  const temp = makeTempDir();
  const folder = openDataFolder(temp.dir);
  const handlers = createHandlers(
    { resourcesDir: '/nonexistent', dataDir: temp.dir, appVersion: '0.1.0' },
    folder,
    createEventHub(),
  );
  const dispatch = createDispatch(handlers);
  const call = async <T>(channel: Channel, ...args: unknown[]): Promise<T> => {
    const envelope = await dispatch(channel, args);
    if (!envelope.ok) throw new CritError(envelope.error.code, envelope.error.message);
    return envelope.value as T;
  };
  const fails = async (channel: Channel, ...args: unknown[]) => {
    const envelope = await dispatch(channel, args);
    if (envelope.ok) throw new Error(`${channel} was expected to fail`);
    return new CritError(envelope.error.code, envelope.error.message);
  };
  const profile = await call<Profile>('profile:save', { name, role: 'peer' });
  return {
    dir: temp.dir,
    folder,
    call,
    fails,
    profile,
    close: () => {
      folder.close();
      temp.cleanup();
    },
  };
}

/** A design with `pages` pages, made on `m`. */
export async function makeDesign(
  m: Machine,
  pages = 2,
): Promise<{ design: DesignSummary; pages: Page[] }> {
  const design = await m.call<DesignSummary>('designs:create', { name: 'Checkout flow' });
  const made: Page[] = [];
  for (let i = 0; i < pages; i++) {
    const bytes = new Uint8Array(await makeImage(60, 90, 'png', i % 2 ? '#aa3366' : '#3366aa'));
    made.push(
      await m.call<Page>('pages:add', { designId: design.id, name: `page ${i + 1}`, bytes }),
    );
  }
  return { design, pages: made };
}

/** Adds a comment as the machine's user. */
export const comment = (m: Machine, pageId: string, contents: string, x = 10, y = 20) =>
  m.call<Comment>('comments:add', { pageId, tag: 'button', contents, x, y });

/** Replies as the machine's user. */
export const reply = (m: Machine, commentId: string, contents: string) =>
  m.call<Reply>('comments:reply', commentId, contents);

/** Exports the design from `from` and opens the package on `to`. */
export async function send(from: Machine, to: Machine, designId: string): Promise<PackageOpened> {
  const pkg = await from.call<PackageFile>('packages:export', designId);
  return to.call<PackageOpened>('packages:open', { bytes: pkg.bytes });
}

/** The comments on a page, with their numbers, sorted by number. */
export async function pageComments(m: Machine, pageId: string): Promise<Comment[]> {
  const list = await m.call<Comment[]>('comments:list', pageId);
  return [...list].sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
}

/** A design as the workspace opens it. */
export const openDesign = (m: Machine, id: string) => m.call<DesignView>('designs:open', id);
