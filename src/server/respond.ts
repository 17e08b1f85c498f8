import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { StaticResponse } from '../core/serve-static.ts';
import { SECURITY_HEADERS } from '../shared/csp.ts';
import { errorEnvelope, type Envelope, type ErrorCode } from '../shared/errors.ts';
import { encodeWire, type WireOptions } from '../shared/wire.ts';

/**
 * Sends an envelope as wire JSON, with the security headers; never cached. With `tables`
 * (the client asked for them), long lists of like objects go as tables.
 */
export function sendEnvelope(
  res: ServerResponse,
  status: number,
  envelope: Envelope<unknown>,
  extra: Record<string, string> = {},
  options: WireOptions = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(encodeWire(envelope, options));
}

/** Refuses a request with the typed error envelope every other error uses. */
export function refuse(
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, string> = {},
): void {
  sendEnvelope(res, status, errorEnvelope(code, message), extra);
}

/** Sends what the shared static-file module decided, streaming a file body from disk. */
export function sendStatic(res: ServerResponse, answer: StaticResponse): void {
  res.writeHead(answer.status, answer.headers);
  if (answer.body === null || typeof answer.body === 'string' || answer.body.size === 0) {
    res.end(typeof answer.body === 'string' ? answer.body : undefined);
    return;
  }
  const stream = createReadStream(answer.body.file, { end: answer.body.size - 1 });
  // The file vanished or failed after its headers went out: cut the response short.
  stream.once('error', () => res.destroy());
  stream.pipe(res);
}
