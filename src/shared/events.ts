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
    /** The step under way or just ended, e.g. "home.png: checking the image". */
    detail: z.string().max(500).optional(),
    /** Set on the last event of a task. */
    finished: z.boolean().optional(),
  }),
  /** An application-menu command the renderer carries out (File › New design…, …). */
  'menu:command': z.strictObject({
    command: z.enum([
      'new-design',
      'import-pages',
      'capture-page',
      'export-report',
      'open-package',
      'export-package',
      'zoom-in',
      'zoom-out',
      'zoom-fit',
    ]),
  }),
  /** Files the operating system asked Crit to open (a second launch, a double-click). */
  'app:open-files': z.strictObject({
    paths: z.array(z.string().max(4096)).max(100),
  }),
  /** A review package the operating system handed to Crit was opened (desktop app). */
  'package:opened': z.strictObject({
    /** The file's name (not its path), for the words shown. */
    fileName: z.string().max(1000),
    designId: z.uuid(),
    designName: z.string().max(1000),
    created: z.boolean(),
    changed: z.boolean(),
    summary: z.string().max(100_000),
    people: z
      .array(
        z.strictObject({
          reviewerId: z.string().max(100),
          name: z.string().max(1000),
          counts: z.record(z.string().max(100), z.number().int().min(0)),
          text: z.string().max(10_000),
        }),
      )
      .max(100_000),
    refused: z
      .array(
        z.strictObject({
          kind: z.enum(['design', 'page', 'reviewer', 'comment', 'reply', 'status', 'tombstone']),
          id: z.string().max(1000),
          message: z.string().max(10_000),
        }),
      )
      .max(10_000_000),
  }),
  /** A review package the operating system handed to Crit could not be opened. */
  'package:failed': z.strictObject({
    fileName: z.string().max(1000),
    message: z.string().max(10_000),
  }),
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** Every event name, in order. */
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** A listener for every event, as transports see them. */
export type AnyEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** A listener for one event: it gets the payload and nothing else. */
export type EventListener<E extends EventName> = (payload: EventPayload<E>) => void;

/** Subscribes to one event; the returned function unsubscribes. Unknown names throw. */
export type OnEvent = <E extends EventName>(event: E, listener: EventListener<E>) => () => void;

/** True for a name declared above. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** The IPC channel an event travels on; apart from the contract's call channels. */
export function eventChannel(event: EventName): string {
  return `event:${event}`;
}

/**
 * Checks an event that arrived from elsewhere: its payload as declared, or null for an
 * unknown name or a payload that breaks its declaration.
 */
export function checkEvent<E extends EventName>(
  event: E | string,
  payload: unknown,
): EventPayload<E> | null {
  if (!isEventName(event)) return null;
  const result = events[event].safeParse(payload);
  return result.success ? (result.data as EventPayload<E>) : null;
}

/**
 * A step of long work, as a call names it so main can report its progress: the task it
 * belongs to and where this call stands in it (e.g. file 2 of 5 of one import).
 */
export const progressStep = z
  .strictObject({
    taskId: z.string().min(1).max(100),
    index: z.number().int().min(0),
    total: z.number().int().min(1).max(100_000),
  })
  .refine((step) => step.index < step.total, { message: 'The step is past the end of its task.' });

export type ProgressStep = z.output<typeof progressStep>;
