import type { Send } from '../../../shared/proxy-api.ts';
import type { Envelope } from '../../../shared/errors.ts';
import { decodeWire, encodeWire } from '../../../shared/wire.ts';

/**
 * Browser mode: each call is a POST to `/api/<channel>` on the page's own origin. The
 * access token travels in the HttpOnly cookie the server set when the page loaded.
 */
export const sendOverHttp: Send = async (channel, args) => {
  try {
    const response = await fetch(`/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: encodeWire(args),
    });
    const text = await response.text();
    if (response.headers.get('content-type')?.startsWith('application/json')) {
      return decodeWire(text) as Envelope<unknown>;
    }
    return { ok: false, error: { code: 'internal', message: text || response.statusText } };
  } catch (error) {
    return {
      ok: false,
      error: { code: 'internal', message: `Crit's server did not answer: ${String(error)}` },
    };
  }
};
