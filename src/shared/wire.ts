/**
 * JSON for the HTTP transport that keeps binary arguments (image bytes) intact:
 * a Uint8Array travels as `{ "$bytes": "<base64>" }`. IPC needs none of this, as
 * structured clone carries typed arrays as they are.
 */

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

/** Serialises a value to wire JSON. */
export function encodeWire(value: unknown): string {
  // Read the holder's own value: a Buffer's toJSON has already replaced `v` by the time
  // the replacer sees it.
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? { [KEY]: toBase64(raw) } : v;
  });
}

/** Parses wire JSON; throws SyntaxError on anything that is not JSON or a malformed byte field. */
export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1) {
      const bytes = (v as Record<string, unknown>)[KEY];
      if (typeof bytes === 'string') {
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bytes)) throw new SyntaxError('Malformed byte field.');
        return fromBase64(bytes);
      }
    }
    return v;
  });
}
