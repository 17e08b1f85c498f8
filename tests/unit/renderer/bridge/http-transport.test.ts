import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser as browser mode's page sees it: its address, history and tab storage.
let address: string;
let stored: Map<string, string>;
const replaceState = vi.fn((_state: unknown, _title: string, url: string) => {
  address = new URL(url, address).href;
});
const fetchMock = vi.fn<typeof fetch>();

async function loadBridge() {
  vi.resetModules();
  const session = await import('../../../../src/renderer/src/bridge/session.ts');
  const transport = await import('../../../../src/renderer/src/bridge/http-transport.ts');
  const media = await import('../../../../src/renderer/src/bridge/media-url.ts');
  return { ...session, ...transport, ...media };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

const SESSION = { ok: true, value: { mediaPrefix: '/m/k3y' } };

beforeEach(() => {
  address = 'http://127.0.0.1:5173/?token=t0ken#/designs/abc';
  stored = new Map();
  replaceState.mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('window', {
    get location() {
      return { href: address };
    },
    history: { state: null, replaceState },
  });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('startSession', () => {
  it('takes the token from the address, keeps it in the tab, and removes it from the address', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SESSION));
    const bridge = await loadBridge();
    await bridge.startSession();
    expect(bridge.sessionState()).toBe('ready');
    expect(address).toBe('http://127.0.0.1:5173/#/designs/abc');
    expect(stored.get('crit-token')).toBe('t0ken');
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/session');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t0ken');
    expect(init?.credentials).toBe('omit');
  });

  it('uses the tab’s stored token on a reload without one in the address', async () => {
    address = 'http://127.0.0.1:5173/#/';
    stored.set('crit-token', 'st0red');
    fetchMock.mockResolvedValueOnce(json(200, SESSION));
    const bridge = await loadBridge();
    await bridge.startSession();
    expect(replaceState).not.toHaveBeenCalled();
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe(
      'Bearer st0red',
    );
  });

  it.each([
    ['no token at all', () => (address = 'http://127.0.0.1:5173/'), undefined],
    [
      'a token the server refuses',
      () => {},
      json(401, { ok: false, error: { code: 'unauthorised', message: 'x' } }),
    ],
    ['no answer', () => {}, 'throw'],
  ])('ends lost with %s', async (_label, arrange, answer) => {
    arrange();
    if (answer === 'throw') fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    else if (answer) fetchMock.mockResolvedValueOnce(answer as Response);
    const bridge = await loadBridge();
    await bridge.startSession();
    expect(bridge.sessionState()).toBe('lost');
    expect(bridge.wasEverConnected()).toBe(false);
  });
});

describe('mediaUrl', () => {
  it('puts user images under the media key and leaves everything else alone', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SESSION));
    const bridge = await loadBridge();
    const before = bridge.mediaUrl('/media/images/abc.png');
    expect(before).toBe('/media/images/abc.png');
    await bridge.startSession();
    expect(bridge.mediaUrl('/media/images/abc.png')).toBe('/m/k3y/media/images/abc.png');
    expect(bridge.mediaUrl('/media/initials/x.svg')).toBe('/m/k3y/media/initials/x.svg');
    expect(bridge.mediaUrl('/media/samples/a.png')).toBe('/media/samples/a.png');
    expect(bridge.mediaUrl('blob:http://127.0.0.1/x')).toBe('blob:http://127.0.0.1/x');
    expect(bridge.mediaUrl(undefined)).toBeUndefined();
  });
});

describe('sendOverHttp', () => {
  async function connected() {
    fetchMock.mockResolvedValueOnce(json(200, SESSION));
    const bridge = await loadBridge();
    await bridge.startSession();
    return bridge;
  }

  it('posts wire JSON with the token header and no cookies', async () => {
    const bridge = await connected();
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, value: [] }));
    expect(await bridge.sendOverHttp('designs:list', [])).toEqual({ ok: true, value: [] });
    const [path, init] = fetchMock.mock.calls[1]!;
    expect(path).toBe('/api/designs:list');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer t0ken');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('asks for tables and reads them back into the list they stand for', async () => {
    const bridge = await connected();
    const comments = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, unread: i % 2 === 0 }));
    const { encodeWire } = await import('../../../../src/shared/wire.ts');
    const body = encodeWire({ ok: true, value: comments }, { tables: true });
    expect(body).toContain('$table');
    fetchMock.mockResolvedValueOnce(
      new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    expect(await bridge.sendOverHttp('comments:list', ['p1'])).toEqual({
      ok: true,
      value: comments,
    });
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('x-crit-wire')).toBe('tables');
  });

  it('passes a refusal’s envelope through, and a 401 marks the tab disconnected', async () => {
    const bridge = await connected();
    const refusal = { ok: false, error: { code: 'unauthorised', message: 'Run npm run serve.' } };
    fetchMock.mockResolvedValueOnce(json(401, refusal));
    const seen: string[] = [];
    bridge.subscribeSession(() => seen.push(bridge.sessionState()));
    expect(await bridge.sendOverHttp('designs:list', [])).toEqual(refusal);
    expect(seen).toEqual(['lost']);
    expect(bridge.wasEverConnected()).toBe(true);
  });

  it('turns an answer that is not an envelope into an internal error', async () => {
    const bridge = await connected();
    fetchMock.mockResolvedValueOnce(
      new Response('<html>proxy error</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(await bridge.sendOverHttp('designs:list', [])).toEqual({
      ok: false,
      error: { code: 'internal', message: "Crit's server answered 502 Bad Gateway." },
    });
  });

  it('says how to start the server again when it does not answer', async () => {
    const bridge = await connected();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const answer = await bridge.sendOverHttp('designs:list', []);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error.message).toContain('npm run serve');
  });

  it('lends its header to other requests through authorisedFetch', async () => {
    const bridge = await connected();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    await bridge.authorisedFetch('/events', { headers: { accept: 'text/event-stream' } });
    const headers = new Headers(fetchMock.mock.calls[1]![1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer t0ken');
    expect(headers.get('accept')).toBe('text/event-stream');
  });
});

describe('a call made while the session is settling', () => {
  it('leaves at once, but its answer waits for the media prefix', async () => {
    let answerSession!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerSession = resolve)));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, value: ['/media/images/a.png'] }));
    const bridge = await loadBridge();
    const settling = bridge.startSession();
    expect(bridge.sessionState()).toBe('connecting');
    let seenPrefix: string | undefined;
    const call = bridge.sendOverHttp('designs:list', []).then((answer) => {
      seenPrefix = bridge.mediaUrl('/media/images/a.png');
      return answer;
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/designs:list');
    await new Promise((r) => setTimeout(r, 10));
    expect(seenPrefix).toBeUndefined();
    answerSession(json(200, SESSION));
    await settling;
    expect((await call).ok).toBe(true);
    expect(seenPrefix).toBe('/m/k3y/media/images/a.png');
  });

  it('still reports a refused token once the session ends lost', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { ok: false, error: { code: 'unauthorised', message: 'x' } }),
    );
    fetchMock.mockResolvedValueOnce(
      json(401, { ok: false, error: { code: 'unauthorised', message: 'Run npm run serve.' } }),
    );
    const bridge = await loadBridge();
    void bridge.startSession();
    const answer = await bridge.sendOverHttp('designs:list', []);
    expect(answer.ok).toBe(false);
    expect(bridge.sessionState()).toBe('lost');
    expect(bridge.wasEverConnected()).toBe(false);
  });
});
