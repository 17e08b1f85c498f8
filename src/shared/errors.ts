/** Error codes a bridge call can answer with; the renderer shows them as they are. */
export const ERROR_CODES = [
  'invalid-argument',
  'unknown-channel',
  'not-found',
  'conflict',
  'unsupported-file',
  'too-large',
  /** Browser mode: the call did not carry this server's access token (e.g. it restarted). */
  'unauthorised',
  /** Browser mode: the request named another host or came from another origin. */
  'forbidden',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The serialisable shape of an error crossing the bridge. */
export interface BridgeErrorData {
  code: ErrorCode;
  message: string;
}

/** What every bridge call resolves to on the wire: a value or a typed error, never a throw. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorData };

/** An error with a code the user interface can act on. Thrown by core, carried as data. */
export class CritError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'CritError';
    this.code = code;
  }
}

/** Turns an envelope back into its value, or throws the CritError it carries. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw new CritError(envelope.error.code, envelope.error.message);
}

/**
 * Builds the envelope of a refusal. Every transport (the dispatcher, the ipc binding,
 * the renderer's proxies, the HTTP server and its client) answers errors through this.
 */
export function errorEnvelope(code: ErrorCode, message: string): Envelope<never> {
  return { ok: false, error: { code, message } };
}
