import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Dispatch } from '../core/dispatch.ts';
import type { EventHub } from '../core/events.ts';
import type { PackageOpened } from '../shared/domain.ts';
import { LIMITS } from '../shared/limits.ts';

/**
 * Reads a review package the operating system named, refusing anything but a regular
 * file of at most `LIMITS.packageBytes` (a symbolic link, a folder, a device, a FIFO),
 * without following a link in its last step. Throws an Error whose message says why.
 */
export async function readPackageFile(
  file: string,
  maxBytes = LIMITS.packageBytes,
): Promise<Uint8Array> {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just after.
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, flags);
  } catch {
    throw new Error('The file could not be read (it is missing, a link, or not readable).');
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error('It is not a regular file.');
    if (stat.size > maxBytes) {
      throw new Error(
        `Review packages over ${Math.round(maxBytes / 1024 / 1024)} MiB are not accepted.`,
      );
    }
    const bytes = new Uint8Array(stat.size);
    let read = 0;
    while (read < stat.size) {
      const { bytesRead } = await handle.read(bytes, read, stat.size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    if (read !== stat.size) throw new Error('The file changed while it was read.');
    return bytes;
  } finally {
    await handle.close();
  }
}

/** Opens packages the operating system hands over, once the window can hear about them. */
export interface PackageOpener {
  /** Opens each file, one after another, or queues them until `ready()`. */
  open(paths: readonly string[]): void;
  /** The window has loaded: queued files are opened now, and later ones at once. */
  ready(): void;
  /** Settles when every file handed over so far has been opened or refused (tests). */
  idle(): Promise<void>;
}

/**
 * Opens review packages in main, through the same `packages.open` call the renderer uses
 * (`dispatch`), and announces each outcome on `hub`: `package:opened` with the summary,
 * or `package:failed` with the message. Files named before the window has loaded (a
 * double-click that started Crit) wait for it, so no announcement is lost.
 */
export function createPackageOpener(dispatch: Dispatch, hub: EventHub): PackageOpener {
  const queued: string[] = [];
  let isReady = false;
  let chain: Promise<void> = Promise.resolve();

  const openOne = async (file: string): Promise<void> => {
    const fileName = path.basename(file).slice(0, 1000);
    let bytes: Uint8Array;
    try {
      bytes = await readPackageFile(file);
    } catch (error) {
      hub.emit('package:failed', { fileName, message: (error as Error).message.slice(0, 10_000) });
      return;
    }
    const envelope = await dispatch('packages:open', [{ bytes }]);
    if (envelope.ok) {
      hub.emit('package:opened', { fileName, ...(envelope.value as PackageOpened) });
    } else {
      hub.emit('package:failed', { fileName, message: envelope.error.message.slice(0, 10_000) });
    }
  };
  const run = (files: readonly string[]) => {
    for (const file of files) chain = chain.then(() => openOne(file));
  };
  return {
    open(paths) {
      if (isReady) run(paths);
      else queued.push(...paths);
    },
    ready() {
      isReady = true;
      run(queued.splice(0));
    },
    idle: () => chain,
  };
}
