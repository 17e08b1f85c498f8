import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../shared/limits.ts';

/** The bytes a wire-encoded image of `n` bytes takes: `{"$bytes":"<base64>"}` (see wire.ts). */
export function wireImageLength(n: number): number {
  return '{"$bytes":""}'.length + 4 * Math.ceil(n / 3);
}

/**
 * Room for everything a call carries besides its one image: ids, a name or two of at
 * most a few hundred characters even when every one is escaped as `\uXXXX`, and JSON.
 */
export const BODY_MARGIN_BYTES = 64 * 1024;

/**
 * The largest request body an image call reads: one image of `LIMITS.imageBytes`, base64
 * in wire JSON, plus a margin.
 */
export const MAX_BODY_BYTES = wireImageLength(LIMITS.imageBytes) + BODY_MARGIN_BYTES;

/** Calls that carry a file, and the most bytes that file may have. */
const FILE_CALLS: Readonly<Record<string, number>> = {
  'pages:add': LIMITS.imageBytes,
  'pages:replaceImage': LIMITS.imageBytes,
  'profile:save': LIMITS.imageBytes,
  'packages:open': LIMITS.packageBytes,
};

/**
 * The largest body browser mode reads for one call: the largest legal call of that
 * channel plus a margin, so a review package's size never raises the limit of a call
 * that carries only text. Anything longer is refused before it is buffered.
 */
export function maxBodyFor(channel: string): number {
  const file = Object.hasOwn(FILE_CALLS, channel) ? FILE_CALLS[channel] : undefined;
  return file === undefined ? BODY_MARGIN_BYTES : wireImageLength(file) + BODY_MARGIN_BYTES;
}

/** Thrown when a body is over the limit; the server answers 413 `too-large`. */
export class BodyTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`A request may be at most ${limit} bytes.`);
    this.limit = limit;
  }
}

/**
 * Reads a request body of at most `limit` bytes. A declared `Content-Length` over the
 * limit is refused before a byte is read; a chunked body is refused as soon as it passes
 * the limit, so no more than `limit` bytes are ever held.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
