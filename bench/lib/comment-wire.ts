import type { Page, Response } from '@playwright/test';

/** One answer's size on the wire and the time the page took to read it. */
export interface WireCost {
  bytes: number;
  decodeMs: number;
}

/**
 * Watches `page` for its `comments:list` answer about `pageId` (as the renderer asks for
 * it: with tables); `measure()`, once the page is ready, gives that answer's bytes and
 * the renderer's own decode time (its `crit:decode comments:list` measure), beside the
 * same answer as plain wire JSON, fetched by the page and parsed as plain answers are
 * (JSON.parse with the byte-field reviver).
 */
export function measureCommentWire(page: Page, pageId: string) {
  let body: Promise<number> | undefined;
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname !== '/api/comments:list' || body) return;
    body = response.body().then((b) => b.byteLength);
  });
  return {
    async measure(): Promise<{ tables: WireCost; plain: WireCost }> {
      if (!body) throw new Error('the page never asked for its comments');
      const bytes = await body;
      const measured = await page.evaluate(async (pageId) => {
        const decodes = performance.getEntriesByName('crit:decode comments:list');
        const decodeMs = decodes.at(-1)?.duration ?? NaN;
        const token = sessionStorage.getItem('crit-token') ?? '';
        const response = await fetch('/api/comments:list', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify([pageId]),
        });
        const buffer = await response.arrayBuffer();
        const text = new TextDecoder().decode(buffer);
        const start = performance.now();
        const value = JSON.parse(text, (_key, v: unknown) => {
          if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1) {
            if (typeof (v as Record<string, unknown>).$bytes === 'string') return v;
          }
          return v;
        }) as { ok: boolean; value?: unknown[] };
        const plainMs = performance.now() - start;
        if (!value.ok || value.value?.length === undefined)
          throw new Error('the plain answer is not a list of comments');
        return { decodeMs, plainBytes: buffer.byteLength, plainMs, count: value.value.length };
      }, pageId);
      return {
        tables: { bytes, decodeMs: measured.decodeMs },
        plain: { bytes: measured.plainBytes, decodeMs: measured.plainMs },
      };
    },
  };
}
