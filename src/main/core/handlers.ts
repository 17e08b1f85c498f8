import type { Handlers } from '../../shared/contract.ts';
import { SAMPLES } from './samples/catalogue.ts';
import { buildSample } from './samples/build-sample.ts';

/** What the core needs from its host: where its files are. */
export interface CoreContext {
  /** Folder holding the bundled `samples/` and `avatars/` artwork. */
  resourcesDir: string;
  /** The user's data folder (database, image store). */
  dataDir: string;
}

/** The implementation of every contract call, independent of the transport. */
export function createHandlers(_ctx: CoreContext): Handlers {
  return {
    samples: {
      list: () => Object.values(SAMPLES).map((s) => s.card),
      open: (name) => buildSample(name),
    },
  };
}
