import { z } from 'zod';
import type { Envelope } from './errors.ts';
import type {
  Comment,
  DesignLikes,
  DesignSummary,
  DesignView,
  PackageFile,
  PackageOpened,
  Page,
  Profile,
  Reply,
  Review,
  SampleCard,
} from './domain.ts';
import type { OnEvent } from './events.ts';
import {
  captureRequestSchema,
  commentEditSchema,
  commentStatusSchema,
  designDescriptionSchema,
  designNameSchema,
  idSchema as id,
  imageBytesSchema,
  newCommentSchema,
  newDesignSchema,
  newPageSchema,
  packageBytesSchema,
  pageIndexSchema,
  pageNameSchema,
  percentSchema as percent,
  profileInputSchema,
  replyTextSchema,
  reportRequestSchema,
  sampleKeySchema,
  type ReportFile,
  taskIdSchema,
} from './schemas.ts';

export type { DesignView } from './domain.ts';

/**
 * The one bridge contract. Every call the renderer can make is listed here once:
 * namespace → method → argument schema (a tuple) and result type. The preload's
 * `window.api`, the ipcMain binding and the HTTP server are all derived from it.
 */

/** A call's definition: its arguments as a zod tuple, its result as a phantom type. */
export interface CallDef<Args extends z.ZodTuple = z.ZodTuple, Result = unknown> {
  args: Args;
  /** Never read at run time; carries the result type. */
  result?: Result;
}

function call<Result>() {
  return <Args extends z.ZodTuple>(args: Args): CallDef<Args, Result> => ({ args });
}

export const contract = {
  samples: {
    list: call<SampleCard[]>()(z.tuple([])),
    open: call<Review>()(z.tuple([sampleKeySchema])),
  },
  designs: {
    list: call<DesignSummary[]>()(z.tuple([])),
    create: call<DesignSummary>()(z.tuple([newDesignSchema])),
    open: call<DesignView>()(z.tuple([id])),
    rename: call<DesignSummary>()(z.tuple([id, designNameSchema])),
    remove: call<void>()(z.tuple([id])),
    duplicate: call<DesignSummary>()(z.tuple([id])),
    describe: call<DesignSummary>()(z.tuple([id, designDescriptionSchema])),
    like: call<DesignLikes>()(z.tuple([id])),
  },
  pages: {
    add: call<Page>()(z.tuple([newPageSchema])),
    rename: call<Page>()(z.tuple([id, pageNameSchema])),
    move: call<Page[]>()(z.tuple([id, pageIndexSchema])),
    remove: call<void>()(z.tuple([id])),
    replaceImage: call<Page>()(z.tuple([id, imageBytesSchema])),
    /** Captures a web page at each width; resolves to the pages added or re-captured. */
    capture: call<Page[]>()(z.tuple([captureRequestSchema])),
    /** Cancels the capture started with this task id; nothing of it is stored. */
    cancelCapture: call<void>()(z.tuple([taskIdSchema])),
  },
  comments: {
    list: call<Comment[]>()(z.tuple([id])),
    add: call<Comment>()(z.tuple([newCommentSchema])),
    edit: call<Comment>()(z.tuple([id, commentEditSchema])),
    remove: call<void>()(z.tuple([id])),
    setStatus: call<Comment>()(z.tuple([id, commentStatusSchema])),
    move: call<Comment>()(z.tuple([id, percent, percent])),
    reply: call<Reply>()(z.tuple([id, replyTextSchema])),
    editReply: call<Reply>()(z.tuple([id, replyTextSchema])),
    removeReply: call<void>()(z.tuple([id])),
    /** Marks a page's comments and their replies as seen (no longer unread). */
    markSeen: call<void>()(z.tuple([id])),
  },
  packages: {
    /** A design as a review package (`.critpkg`), signed with the local profile's key. */
    export: call<PackageFile>()(z.tuple([id])),
    /** Opens a review package: creates the design or merges it into the stored one. */
    open: call<PackageOpened>()(z.tuple([packageBytesSchema])),
  },
  profile: {
    get: call<Profile | null>()(z.tuple([])),
    save: call<Profile>()(z.tuple([profileInputSchema])),
  },
  reports: {
    export: call<ReportFile>()(z.tuple([reportRequestSchema])),
  },
} as const satisfies Record<string, Record<string, CallDef>>;

export type Contract = typeof contract;
export type Namespace = keyof Contract;
type Def<N extends Namespace, M extends keyof Contract[N]> = Contract[N][M];
type ArgsOf<D> = D extends CallDef<infer A, unknown> ? z.input<A> : never;
type ParsedArgsOf<D> = D extends CallDef<infer A, unknown> ? z.output<A> : never;
type ResultOf<D> = D extends CallDef<z.ZodTuple, infer R> ? R : never;

/** The API as the renderer uses it: each call resolves to its result or throws a CritError. */
export type Api = {
  [N in Namespace]: {
    [M in keyof Contract[N]]: (...args: ArgsOf<Def<N, M>>) => Promise<ResultOf<Def<N, M>>>;
  };
};

/**
 * The API as the preload exposes it: each call resolves to an envelope, never rejects;
 * `on` subscribes to the events of `events.ts`.
 */
export type RawApi = RawCalls & { on: OnEvent };

/** The calls of `RawApi`, derived from the contract. */
export type RawCalls = {
  [N in Namespace]: {
    [M in keyof Contract[N]]: (
      ...args: ArgsOf<Def<N, M>>
    ) => Promise<Envelope<ResultOf<Def<N, M>>>>;
  };
};

/** What main implements: each handler receives already-parsed arguments. */
export type Handlers = {
  [N in Namespace]: {
    [M in keyof Contract[N]]: (
      ...args: ParsedArgsOf<Def<N, M>>
    ) => ResultOf<Def<N, M>> | Promise<ResultOf<Def<N, M>>>;
  };
};

/** A channel name, `namespace:method`. */
export type Channel = {
  [N in Namespace]: `${N & string}:${keyof Contract[N] & string}`;
}[Namespace];

/** Every channel of the contract, in order. */
export const CHANNELS: readonly Channel[] = Object.entries(contract).flatMap(([ns, methods]) =>
  Object.keys(methods).map((m) => `${ns}:${m}` as Channel),
);

const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNELS);

/** Looks up a channel's definition; undefined for anything not in the contract. */
export function lookupChannel(channel: string): CallDef | undefined {
  if (!CHANNEL_SET.has(channel)) return undefined;
  const [ns, method] = channel.split(':') as [string, string];
  return (contract as unknown as Record<string, Record<string, CallDef>>)[ns]?.[method];
}

/** Builds a namespaced API object whose every method forwards to `send(channel, args)`. */
export function deriveApi<T>(send: (channel: Channel, args: unknown[]) => Promise<unknown>): T {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const channel of CHANNELS) {
    const [ns, method] = channel.split(':') as [string, string];
    api[ns] ??= {};
    api[ns][method] = (...args: unknown[]) => send(channel, args);
  }
  return api as T;
}
