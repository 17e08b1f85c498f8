import { packTables, unpackTables } from './wire-tables.ts';

/**
 * JSON for the HTTP transport that keeps binary arguments (image bytes) intact:
 * a Uint8Array travels as `{ "$bytes": "<base64>" }`. IPC needs none of this, as
 * structured clone carries typed arrays as they are.
 *
 * Answers may also carry long lists of like objects as tables (`wire-tables.ts`), when the
 * client asks for them with the `WIRE_TABLES_HEADER` header: the renderer's transport
 * does, so a page's 10,000 comments cross in less than half the bytes; other clients
 * (scripts, tests) get plain JSON.
 */

/** The request header (and its value) by which a client takes answers with tables. */
export const WIRE_TABLES_HEADER = { name: 'x-crit-wire', value: 'tables' } as const;

/** How a value is written and read. */
export interface WireOptions {
  /** Long lists of like objects as tables (answers to clients that asked for them). */
  tables?: boolean;
}

const KEY = '$bytes';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    // atob throws a DOMException for impossible lengths; callers expect a SyntaxError.
    throw new SyntaxError('Malformed byte field.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const bytesField = (bytes: Uint8Array) => ({ [KEY]: toBase64(bytes) });

/** A `{ "$bytes": … }` object as its bytes; any other value as it is. */
function reviveBytes(v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1) {
    const bytes = (v as Record<string, unknown>)[KEY];
    if (typeof bytes === 'string') {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bytes)) throw new SyntaxError('Malformed byte field.');
      return fromBase64(bytes);
    }
  }
  return v;
}

/** Serialises a value to wire JSON. */
export function encodeWire(value: unknown, options: WireOptions = {}): string {
  // The walk that makes tables turns bytes into byte fields on its way.
  if (options.tables) return JSON.stringify(packTables(value, { bytes: bytesField }));
  // Read the holder's own value: a Buffer's toJSON has already replaced `v` by the time
  // the replacer sees it.
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? bytesField(raw) : v;
  });
}

/**
 * Parses wire JSON; throws SyntaxError on anything that is not JSON or a malformed byte
 * field (or, with `tables`, a malformed table).
 */
export function decodeWire(text: string, options: WireOptions = {}): unknown {
  // The walk that reads tables back reads byte fields on its way.
  if (options.tables) return unpackTables(JSON.parse(text), { object: reviveBytes });
  return JSON.parse(text, (_key, v: unknown) => reviveBytes(v));
}
