import type { Send } from '../../../shared/proxy-api.ts';
import { errorEnvelope, type Envelope } from '../../../shared/errors.ts';
import { WIRE_TABLES_HEADER, decodeWire, encodeWire } from '../../../shared/wire.ts';
import { authorisedFetch, sessionSettled } from './session.ts';

export { authorisedFetch };

const UNREACHABLE =
  "Crit's server did not answer. If it has stopped, start it again with `npm run serve` and open the address it prints.";

/**
 * Reads an answer (tables included, see `wire.ts`), recording the time it took as a
 * `crit:decode <channel>` performance measure, which the benchmark reads.
 */
function decodeAnswer(channel: string, text: string): Envelope<unknown> {
  const start = performance.now();
  const envelope = decodeWire(text, { tables: true }) as Envelope<unknown>;
  performance.measure(`crit:decode ${channel}`, { start, detail: { characters: text.length } });
  return envelope;
}

/**
 * Browser mode: each call is a POST to `/api/<channel>` on the page's own origin, with
 * the access token in its `Authorization` header (see `session.ts`). Every answer, refusals
 * included, comes back as an envelope; anything else becomes an `internal` error. A call
 * leaves at once, even while the session is still settling, but its answer is handed over
 * only after it has settled, so what it draws can address the user's images.
 */
export const sendOverHttp: Send = async (channel, args) => {
  let response: Response;
  try {
    [response] = await Promise.all([post(channel, args), sessionSettled()]);
  } catch {
    return errorEnvelope('internal', UNREACHABLE);
  }
  const text = await response.text().catch(() => '');
  if (response.headers.get('content-type')?.startsWith('application/json')) {
    try {
      return decodeAnswer(channel, text);
    } catch {
      // Fall through: a broken answer is reported like any other unexpected one.
    }
  }
  return errorEnvelope(
    'internal',
    `Crit's server answered ${response.status} ${response.statusText}`.trim() + '.',
  );
};

function post(channel: string, args: unknown[]): Promise<Response> {
  return authorisedFetch(`/api/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [WIRE_TABLES_HEADER.name]: WIRE_TABLES_HEADER.value,
    },
    body: encodeWire(args),
  });
}
