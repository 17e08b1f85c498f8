import type { Page } from '@playwright/test';
import type { CritServer } from './crit-server.ts';

/** What the server answered to one bridge call: the HTTP status and the parsed body. */
export interface BridgeAnswer {
  status: number;
  body: unknown;
}

/** An image argument as the HTTP transport carries it (see `src/shared/wire.ts`). */
export function wireBytes(buffer: Buffer): { $bytes: string } {
  return { $bytes: buffer.toString('base64') };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Makes one bridge call from the test process, with the server's token as a bearer
 * header: for setting up data quickly, not for what a page may do.
 */
export async function callBridge(
  crit: CritServer,
  channel: string,
  args: unknown[],
): Promise<BridgeAnswer> {
  const response = await fetch(`${crit.origin}/api/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${crit.token}`,
      origin: crit.origin,
    },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: parse(await response.text()) };
}

/** Like `callBridge`, for set-up steps that must work: the value, or a thrown error. */
export async function bridge<T>(crit: CritServer, channel: string, args: unknown[]): Promise<T> {
  const { status, body } = await callBridge(crit, channel, args);
  const envelope = body as { ok?: boolean; value?: T; error?: { message: string } };
  if (status !== 200 || envelope.ok !== true) {
    throw new Error(`${channel} failed (${status}): ${JSON.stringify(body)}`);
  }
  return envelope.value as T;
}

/**
 * Makes one bridge call from inside the page, as the renderer's HTTP transport does:
 * with the token the page keeps in its tab's sessionStorage, as an Authorization header,
 * and the Origin the browser adds itself.
 */
export function callFromPage(page: Page, channel: string, args: unknown[]): Promise<BridgeAnswer> {
  return page.evaluate(
    async ({ channel, args }) => {
      const token = sessionStorage.getItem('crit-token') ?? '';
      const response = await fetch(`/api/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        credentials: 'omit',
        body: JSON.stringify(args),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body };
    },
    { channel, args },
  );
}
