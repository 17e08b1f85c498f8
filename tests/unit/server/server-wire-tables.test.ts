import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../src/core/dispatch.ts';
import { WIRE_TABLES_HEADER, decodeWire } from '../../../src/shared/wire.ts';
import { startHarness, type Harness } from './harness.ts';

const comments = Array.from({ length: 50 }, (_, i) => ({
  id: `c${i}`,
  reviewerId: `r${i % 4}`,
  position: { x: i, y: 100 - i, page: 'p1' },
}));

let h: Harness;
let port: number;

beforeAll(async () => {
  h = await startHarness();
  // A dispatcher that answers every call with a long list, as comments.list does.
  const dispatch: Dispatch = async () => ({ ok: true, value: comments });
  port = (await h.another({ dispatch })).port;
});
afterAll(() => h?.close());

async function call(headers: Record<string, string>): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  const res = await fetch(`${origin}/api/comments:list`, {
    method: 'POST',
    headers: { ...h.pageHeaders, Origin: origin, ...headers },
    body: '["p1"]',
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('answers as tables', () => {
  it('sends tables to a client that asks for them, and the same value back', async () => {
    const text = await call({ [WIRE_TABLES_HEADER.name]: WIRE_TABLES_HEADER.value });
    expect(text).toContain('"$table"');
    expect(decodeWire(text, { tables: true })).toEqual({ ok: true, value: comments });
  });

  it('sends plain JSON to every other client', async () => {
    const text = await call({});
    expect(text).not.toContain('$table');
    expect(JSON.parse(text)).toEqual({ ok: true, value: comments });
    const other = await call({ [WIRE_TABLES_HEADER.name]: 'something-else' });
    expect(JSON.parse(other)).toEqual({ ok: true, value: comments });
  });
});
