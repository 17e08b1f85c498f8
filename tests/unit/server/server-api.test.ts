import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_MARGIN_BYTES,
  MAX_BODY_BYTES,
  maxBodyFor,
  wireImageLength,
} from '../../../src/server/body.ts';
import type { Review, SampleCard } from '../../../src/shared/domain.ts';
import { LIMITS } from '../../../src/shared/limits.ts';
import { decodeWire, encodeWire } from '../../../src/shared/wire.ts';
import { raw, startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Answer =
  { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

function api(channel: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${h.base}/api/${channel}`, {
    method: 'POST',
    headers: { ...h.pageHeaders, ...headers },
    body,
  });
}

/** Expects a refusal in the one error shape: JSON, the status, the code, a plain message. */
async function expectRefusal(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const envelope = (await res.json()) as Answer;
  expect(envelope.ok).toBe(false);
  if (envelope.ok) throw new Error('not a refusal');
  expect(envelope.error.code).toBe(code);
  expect(envelope.error.message.length).toBeGreaterThan(0);
  return envelope.error.message;
}

describe('startServer: API calls', () => {
  it('answers a POST with the call’s envelope', async () => {
    const res = await api('samples:list', '[]');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const envelope = decodeWire(await res.text()) as { ok: true; value: SampleCard[] };
    expect(envelope.value.map((c) => c.key)).toEqual(['netflix', 'gemini']);
  });

  it('passes arguments through to the handler', async () => {
    const res = await api('samples:open', '["gemini"]');
    const envelope = decodeWire(await res.text()) as { ok: true; value: Review };
    expect(envelope.value.title).toBe('Gemini UI');
    expect(envelope.value.pages.map((p) => p.name)).toEqual(['main', 'chat']);
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE'])(
    'refuses %s with 405 in the error shape',
    async (method) => {
      const res = await raw(h.server.port, {
        method,
        path: '/api/samples:list',
        headers: { Authorization: h.pageHeaders.Authorization!, Origin: h.base },
      });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
      if (method !== 'HEAD') {
        expect(JSON.parse(res.body)).toMatchObject({
          ok: false,
          error: { code: 'invalid-argument' },
        });
      }
    },
  );

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])('refuses %s with 415 in the error shape', async (_label, type) => {
    const message = await expectRefusal(
      await api('samples:list', '[]', { 'Content-Type': type }),
      415,
      'invalid-argument',
    );
    expect(message).toContain('application/json');
  });

  it.each([
    ['not JSON', 'not json'],
    ['truncated JSON', '["gem'],
    ['an empty body', ''],
    ['a malformed byte field', '[{"$bytes":"A"}]'],
  ])('answers %s with 400 invalid-argument', async (_label, body) => {
    const message = await expectRefusal(await api('samples:open', body), 400, 'invalid-argument');
    expect(message).toBe('The request body is not valid JSON.');
  });

  it.each(['samples:nope', 'nope', '__proto__:x', 'samples:constructor'])(
    'answers the unknown channel %s with 404 unknown-channel',
    async (channel) => {
      const message = await expectRefusal(await api(channel, '[]'), 404, 'unknown-channel');
      expect(message).toContain('Unknown call');
    },
  );

  it.each([
    ['a number', '[42]'],
    ['too many arguments', '["netflix", 1]'],
    ['no arguments', '[]'],
  ])('answers bad arguments (%s) with invalid-argument', async (_label, body) => {
    const res = await api('samples:open', body);
    expect(res.status).toBe(200);
    const envelope = (await res.json()) as Answer;
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });
});

describe('startServer: body limit', () => {
  it('measures wire images exactly', () => {
    for (const n of [0, 1, 2, 3, 4, 1000, 65_537]) {
      expect(wireImageLength(n), String(n)).toBe(Buffer.byteLength(encodeWire(new Uint8Array(n))));
    }
  });

  it('is the largest legal call (one image of LIMITS.imageBytes, in wire JSON) plus a margin', () => {
    // The largest call: pages:add with the longest name, every character escaped in JSON.
    const name = '\u{1F600}'.repeat(LIMITS.pageName / 2);
    const others = encodeWire([
      { designId: '0190a1b2-0000-7000-8000-000000000001', name, bytes: 0 },
    ]).replace(/[^\x20-\x7e]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const largest = Buffer.byteLength(others) - 1 + wireImageLength(LIMITS.imageBytes);
    expect(largest).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(MAX_BODY_BYTES).toBe(wireImageLength(LIMITS.imageBytes) + BODY_MARGIN_BYTES);
    // Far below the 256 MiB it once was: the image's base64 and 64 KiB.
    expect(MAX_BODY_BYTES).toBeLessThan(LIMITS.imageBytes * 1.34 + 128 * 1024);
    expect(maxBodyFor('pages:add')).toBe(MAX_BODY_BYTES);
  });

  it('sizes each channel by its own largest call: text calls stay small, packages fit', () => {
    // The longest comment, every code point astral and escaped as two \uXXXX units.
    const contents = '\u{1F600}'.repeat(LIMITS.commentText);
    const comment = encodeWire([
      { pageId: '0190a1b2-0000-7000-8000-000000000001', tag: 'nav', contents, x: 1, y: 2 },
    ]).replace(/[^\x20-\x7e]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(Buffer.byteLength(comment)).toBeLessThanOrEqual(maxBodyFor('comments:add'));
    expect(maxBodyFor('comments:add')).toBe(BODY_MARGIN_BYTES);
    expect(maxBodyFor('packages:open')).toBe(
      wireImageLength(LIMITS.packageBytes) + BODY_MARGIN_BYTES,
    );
    expect(maxBodyFor('no:such')).toBe(BODY_MARGIN_BYTES);
    expect(maxBodyFor('__proto__')).toBe(BODY_MARGIN_BYTES);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: h.server.port,
          method: 'POST',
          path: '/api/pages:add',
          headers: { ...h.pageHeaders, 'Content-Length': String(MAX_BODY_BYTES + 1) },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Headers only: the answer must come without a byte of the body being sent.
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'too-large' } });
  });

  it('refuses a chunked body as soon as it passes the limit', async () => {
    const small = await h.another({ maxBodyBytes: 1024 });
    const answer = await new Promise<{ status: number; body: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        const req = http.request(
          {
            host: '127.0.0.1',
            port: small.port,
            method: 'POST',
            path: '/api/samples:open',
            headers: {
              ...h.pageHeaders,
              Origin: `http://127.0.0.1:${small.port}`,
              'Transfer-Encoding': 'chunked',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
          },
        );
        req.on('error', reject);
        const chunk = Buffer.alloc(256, 0x20);
        const pump = () => {
          // Keeps sending until the server answers; it must not wait for the end.
          if (sent < 64 * 1024 && !req.destroyed) {
            sent += chunk.length;
            req.write(chunk, () => setTimeout(pump, 1));
          }
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'too-large' } });
    expect(answer.sent).toBeLessThan(64 * 1024);
  });

  it('answers a 40 MiB + 1 file with too-large and a plain message', async () => {
    const body = encodeWire([
      {
        designId: '0190a1b2-0000-7000-8000-000000000001',
        name: 'Big',
        bytes: new Uint8Array(LIMITS.imageBytes + 1),
      },
    ]);
    const res = await raw(h.server.port, {
      method: 'POST',
      path: '/api/pages:add',
      headers: h.pageHeaders,
      body,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      ok: false,
      error: { code: 'too-large', message: 'Files over 40 MiB are not accepted.' },
    });
  }, 60_000);
});
