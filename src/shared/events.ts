import { z } from 'zod';

/**
 * Events from main to the renderer, declared once: name → payload schema. The ipc
 * binding, the preload's `on` and browser mode's event stream are derived from this
 * list, as calls are derived from the contract.
 */
export const events = {
  /** Progress of long work in main (imports, packages, captures, reports). */
  'progress:update': z.strictObject({
    /** Chosen by whoever started the work, so the renderer can tell its tasks apart. */
    taskId: z.string().min(1).max(100),
    /** What the work is, for the words shown. */
    label: z.string().max(500),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    /** Set on the last event of a task. */
    finished: z.boolean().optional(),
  }),
  /** An application-menu command the renderer carries out (File › New design…, …). */
  'menu:command': z.strictObject({
    command: z.enum(['new-design', 'import-pages']),
  }),
  /** Files the operating system asked Crit to open (a second launch, a double-click). */
  'app:open-files': z.strictObject({
    paths: z.array(z.string().max(4096)).max(100),
  }),
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** Every event name, in order. */
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** A listener for every event, as transports see them. */
export type AnyEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** True for a name declared above. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}
