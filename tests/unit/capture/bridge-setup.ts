import type { Browser } from '@playwright/test';
import { createDispatch } from '../../../src/core/dispatch.ts';
import { createEventHub } from '../../../src/core/events.ts';
import { createHandlers } from '../../../src/core/handlers.ts';
import { saveProfile } from '../../../src/core/store/reviewers.ts';
import { openPlaywrightCapture } from '../../../src/server/capture-driver.ts';
import type { DesignSummary, Page } from '../../../src/shared/domain.ts';
import type { Envelope } from '../../../src/shared/errors.ts';
import type { EventPayload } from '../../../src/shared/events.ts';
import { makeDataFolder } from '../core/store/helpers.ts';

/** A data folder with a profile and a design, the core's dispatcher on it, and its events. */
export async function captureBridge(browser: Browser) {
  const folder = makeDataFolder();
  await saveProfile(folder.db, folder.images, { name: 'Ada Moreno', role: 'expert' });
  const hub = createEventHub();
  const progress: EventPayload<'progress:update'>[] = [];
  hub.subscribe((event, payload) => {
    if (event === 'progress:update') progress.push(payload as EventPayload<'progress:update'>);
  });
  const handlers = createHandlers(
    {
      resourcesDir: folder.dir,
      dataDir: folder.dir,
      openCapture: (target) => openPlaywrightCapture(browser, target),
    },
    folder,
    hub,
  );
  const dispatch = createDispatch(handlers, () => {});
  const call = async <T>(channel: string, ...args: unknown[]): Promise<Envelope<T>> =>
    (await dispatch(channel, args)) as Envelope<T>;
  /** Calls and expects a value. */
  const ok = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const envelope = await call<T>(channel, ...args);
    if (!envelope.ok)
      throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.value;
  };
  const design = await ok<DesignSummary>('designs:create', { name: 'Shop' });
  const capture = (url: string, widths: number[], taskId = `t-${Math.random()}`) =>
    call<Page[]>('pages:capture', { designId: design.id, target: { url }, widths, taskId });
  return { folder, hub, progress, call, ok, design, capture, cleanup: () => folder.cleanup() };
}

export type CaptureBridge = Awaited<ReturnType<typeof captureBridge>>;

/** Rows of a table of the bridge's database, for checks the bridge does not answer. */
export function rows<T>(bridge: CaptureBridge, sql: string, ...params: string[]): T[] {
  return bridge.folder.db.prepare(sql).all(...params) as T[];
}
