import path from 'node:path';
import { createDispatch, type Dispatch } from './dispatch.ts';
import { createEventHub, type EventHub } from './events.ts';
import { createHandlers } from './handlers.ts';
import type { MediaRoots } from './media.ts';
import { IMAGES_FOLDER, openDataFolder, resolveInitialsRequest } from './store/index.ts';

/** The application core as a host (Electron main or the HTTP server) runs it. */
export interface Core {
  /** Entry point for every bridge call. */
  dispatch: Dispatch;
  /** Events for the host to forward to its renderers. */
  events: EventHub;
  /** Where media requests are answered from. */
  media: MediaRoots;
  /** Closes the database. */
  close(): void;
}

/** Where a host keeps things: bundled artwork, the built renderer, the user's data. */
export interface CoreLocations {
  resourcesDir: string;
  rendererDir: string;
  dataDir: string;
  /** The app's version, written into review packages. */
  appVersion?: string;
}

/**
 * Opens the data folder (refusing a database from a newer Crit) and builds the core
 * on it. Throws a CritError when the data folder cannot be used.
 */
export function openCore(where: CoreLocations, log?: (error: unknown) => void): Core {
  const folder = openDataFolder(where.dataDir);
  const hub = createEventHub(log);
  const handlers = createHandlers(where, folder, hub);
  return {
    dispatch: createDispatch(handlers, log),
    events: hub,
    media: {
      resourcesDir: where.resourcesDir,
      rendererDir: where.rendererDir,
      imagesDir: path.join(where.dataDir, IMAGES_FOLDER),
      generated: (urlPath) => resolveInitialsRequest(folder.db, urlPath),
    },
    close: () => folder.close(),
  };
}
