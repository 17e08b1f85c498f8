import { z } from 'zod';
import type { Envelope } from './errors.ts';
import {
  COMMENT_STATUSES,
  REVIEWER_ROLES,
  TAGS,
  type Comment,
  type DesignSummary,
  type Page,
  type Profile,
  type Reply,
  type Review,
  type Reviewer,
  type SampleCard,
} from './domain.ts';
import { LIMITS } from './limits.ts';

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

const sampleKey = z.string().max(200);
const id = z.uuid({ message: 'Expected an id.' });
const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is at most ${max} characters.`);
const percent = z.number().finite().min(0).max(100);
const bytes = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, 'Expected the bytes of a file.')
  .refine((b) => b.byteLength <= LIMITS.imageBytes, {
    message: `Files over ${LIMITS.imageBytes / 1024 / 1024} MiB are not accepted.`,
    // Read by the dispatcher: this refusal is `too-large`, said plainly.
    params: { code: 'too-large' },
  });
const tag = z.enum(TAGS);

/** A design as the workspace opens it: everything but the comments, which come per page. */
export interface DesignView {
  id: string;
  name: string;
  description: string;
  pages: Page[];
  /** People who commented in the design, and the local user; their `comments` are empty. */
  reviewers: Reviewer[];
  commentCount: number;
}

export const contract = {
  samples: {
    list: call<SampleCard[]>()(z.tuple([])),
    open: call<Review>()(z.tuple([sampleKey])),
  },
  designs: {
    list: call<DesignSummary[]>()(z.tuple([])),
    create: call<DesignSummary>()(
      z.tuple([
        z.strictObject({
          name: text(LIMITS.designName, 'A name'),
          description: z.string().trim().max(LIMITS.designDescription).default(''),
        }),
      ]),
    ),
    open: call<DesignView>()(z.tuple([id])),
    rename: call<DesignSummary>()(z.tuple([id, text(LIMITS.designName, 'A name')])),
    remove: call<void>()(z.tuple([id])),
  },
  pages: {
    add: call<Page>()(
      z.tuple([
        z.strictObject({ designId: id, name: text(LIMITS.pageName, 'A page name'), bytes }),
      ]),
    ),
    rename: call<Page>()(z.tuple([id, text(LIMITS.pageName, 'A page name')])),
    move: call<Page[]>()(z.tuple([id, z.number().int().min(0).max(100_000)])),
    remove: call<void>()(z.tuple([id])),
    replaceImage: call<Page>()(z.tuple([id, bytes])),
  },
  comments: {
    list: call<Comment[]>()(z.tuple([id])),
    add: call<Comment>()(
      z.tuple([
        z.strictObject({
          pageId: id,
          tag,
          contents: text(LIMITS.commentText, 'A comment'),
          x: percent,
          y: percent,
        }),
      ]),
    ),
    edit: call<Comment>()(
      z.tuple([
        id,
        z.strictObject({
          contents: text(LIMITS.commentText, 'A comment').optional(),
          tag: tag.optional(),
        }),
      ]),
    ),
    remove: call<void>()(z.tuple([id])),
    setStatus: call<Comment>()(z.tuple([id, z.enum(COMMENT_STATUSES)])),
    move: call<Comment>()(z.tuple([id, percent, percent])),
    reply: call<Reply>()(z.tuple([id, text(LIMITS.replyText, 'A reply')])),
    editReply: call<Reply>()(z.tuple([id, text(LIMITS.replyText, 'A reply')])),
    removeReply: call<void>()(z.tuple([id])),
  },
  profile: {
    get: call<Profile | null>()(z.tuple([])),
    save: call<Profile>()(
      z.tuple([
        z.strictObject({
          name: text(LIMITS.profileName, 'Your name'),
          role: z.enum(REVIEWER_ROLES),
          /** New avatar image; null removes it (initials); absent keeps the current one. */
          avatar: bytes.nullable().optional(),
        }),
      ]),
    ),
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

/** The API as the preload exposes it: each call resolves to an envelope, never rejects. */
export type RawApi = {
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
