import type { App, Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () =>
  (await import('./fake-electron.ts')).createFakeElectron(),
);
vi.mock('electron', () => fake);

const { FakeWebContents, createFakeSession, fakeDownload, fakeEvent } =
  await import('./fake-electron.ts');
const {
  hardenSession,
  hardenWebContents,
  isOwnBlobUrl,
  installSecurity,
  isTrustedSender,
  openExternalSafely,
  parseExternalUrl,
} = await import('../../../src/main/security.ts');

/** Lets the fire-and-forget openExternal calls settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function hardened(options: Parameters<typeof hardenWebContents>[1] = {}) {
  const contents = new FakeWebContents();
  hardenWebContents(contents as unknown as WebContents, options);
  return contents;
}

beforeEach(() => fake.shell.openExternal.mockClear());

describe('isTrustedSender', () => {
  it('trusts the app origin only', () => {
    expect(isTrustedSender('crit://app/index.html')).toBe(true);
    expect(isTrustedSender('crit://app/review/netflix')).toBe(true);
    expect(isTrustedSender('crit://evil/index.html')).toBe(false);
    expect(isTrustedSender('crit://app@evil/')).toBe(false);
    expect(isTrustedSender('crit://app:8080/')).toBe(false);
    expect(isTrustedSender('file:///app/index.html')).toBe(false);
    expect(isTrustedSender('https://app/')).toBe(false);
    expect(isTrustedSender('')).toBe(false);
    expect(isTrustedSender('not a url')).toBe(false);
  });

  it('trusts the dev server origin only when one is given', () => {
    expect(isTrustedSender('http://localhost:5173/')).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedSender('http://evil.test/', 'http://localhost:5173')).toBe(false);
  });
});

describe('navigation', () => {
  it('prevents navigating to another origin and hands http(s) links to the browser', async () => {
    const contents = hardened();
    const event = fakeEvent('https://example.com/page');
    contents.emit('will-navigate', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    await settle();
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://example.com/page');
  });

  it('lets the app navigate within its own origin', async () => {
    const contents = hardened();
    const event = fakeEvent('crit://app/review/netflix');
    contents.emit('will-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    await settle();
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('prevents navigating to file: and other app hosts without opening them', async () => {
    const contents = hardened();
    for (const url of ['file:///etc/passwd', 'crit://other/', 'javascript:alert(1)']) {
      const event = fakeEvent(url);
      contents.emit('will-navigate', event);
      expect(event.preventDefault, url).toHaveBeenCalledTimes(1);
    }
    await settle();
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('allows the dev server origin only in development', () => {
    const dev = hardened({ devServerUrl: 'http://localhost:5173' });
    const devEvent = fakeEvent('http://localhost:5173/review/gemini');
    dev.emit('will-navigate', devEvent);
    expect(devEvent.preventDefault).not.toHaveBeenCalled();

    const prod = hardened();
    const prodEvent = fakeEvent('http://localhost:5173/review/gemini');
    prod.emit('will-navigate', prodEvent);
    expect(prodEvent.preventDefault).toHaveBeenCalled();
  });

  it('prevents redirects away from the app without opening anything', async () => {
    const contents = hardened();
    const away = fakeEvent('https://example.com/');
    contents.emit('will-redirect', away);
    expect(away.preventDefault).toHaveBeenCalledTimes(1);
    const home = fakeEvent('crit://app/index.html');
    contents.emit('will-redirect', home);
    expect(home.preventDefault).not.toHaveBeenCalled();
    await settle();
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('prevents subframes from loading foreign pages', () => {
    const contents = hardened();
    const frame = fakeEvent('https://example.com/', { isMainFrame: false });
    contents.emit('will-frame-navigate', frame);
    expect(frame.preventDefault).toHaveBeenCalledTimes(1);
    const own = fakeEvent('crit://app/media/samples/x.png', { isMainFrame: false });
    contents.emit('will-frame-navigate', own);
    expect(own.preventDefault).not.toHaveBeenCalled();
  });

  it('never lets a webview attach', () => {
    const contents = hardened();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });
});

describe('window.open', () => {
  it('is always denied; https links open in the system browser', async () => {
    const contents = hardened();
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    const result = contents.windowOpenHandler!({ url: 'https://example.com/docs?q=1' });
    expect(result).toEqual({ action: 'deny' });
    await settle();
    expect(fake.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs?q=1');
  });

  it('denies and opens nothing for javascript:, file:, custom schemes and junk', async () => {
    const contents = hardened();
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'crit://app/',
      'smb://server/share',
      'not a url',
      '',
    ]) {
      expect(contents.windowOpenHandler!({ url }), url).toEqual({ action: 'deny' });
    }
    await settle();
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies a window for the app itself too', () => {
    const contents = hardened();
    expect(contents.windowOpenHandler!({ url: 'crit://app/index.html' })).toEqual({
      action: 'deny',
    });
  });
});

describe('openExternalSafely', () => {
  it('opens http and https only, after parsing', async () => {
    const open = vi.fn(async (_url: string) => {});
    await expect(openExternalSafely('https://example.com', open)).resolves.toBe(true);
    await expect(openExternalSafely('http://example.com/a b', open)).resolves.toBe(true);
    await expect(openExternalSafely('javascript:alert(1)', open)).resolves.toBe(false);
    await expect(openExternalSafely('file:///bin/sh', open)).resolves.toBe(false);
    await expect(openExternalSafely('https//missing-colon', open)).resolves.toBe(false);
    // What is opened is the parsed, normalised URL, not the raw string.
    expect(open.mock.calls).toEqual([['https://example.com/'], ['http://example.com/a%20b']]);
  });

  it('reports failure instead of throwing when the system refuses', async () => {
    const open = vi.fn(async () => {
      throw new Error('no browser');
    });
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    await expect(openExternalSafely('https://example.com', open)).resolves.toBe(false);
  });

  it('parses only http(s) URLs as external', () => {
    expect(parseExternalUrl('https://example.com')?.hostname).toBe('example.com');
    expect(parseExternalUrl('mailto:a@b.c')).toBeNull();
    expect(parseExternalUrl('::')).toBeNull();
  });
});

describe('permissions', () => {
  it('denies every permission request and check', () => {
    const session = createFakeSession();
    hardenSession(session as unknown as Session);
    const [request] = session.setPermissionRequestHandler.mock.calls[0] as [Function];
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      const callback = vi.fn();
      request({}, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    }
    const [check] = session.setPermissionCheckHandler.mock.calls[0] as [Function];
    expect(check(null, 'media', 'crit://app', {})).toBe(false);
    expect(check(null, 'clipboard-read', 'crit://app', {})).toBe(false);
    const [device] = session.setDevicePermissionHandler.mock.calls[0] as [Function];
    expect(device({ deviceType: 'usb', origin: 'crit://app' })).toBe(false);
  });
});

describe('downloads', () => {
  /** Emits `will-download` on a hardened session; says whether it went ahead. */
  function download(url: string, from: string, devServerUrl?: string, fileName?: string) {
    const session = createFakeSession();
    hardenSession(session as unknown as Session, devServerUrl ? { devServerUrl } : {});
    const contents = new FakeWebContents();
    contents.mainFrame.url = from;
    const item = fakeDownload(url, fileName);
    const event = fakeEvent(url);
    session.emit('will-download', event, item, contents);
    return { allowed: !event.preventDefault.mock.calls.length, item };
  }

  it("saves the app's own Blob URLs through the system's save dialog", () => {
    const { allowed, item } = download('blob:crit://app/5f0c7b0e-1d2a', 'crit://app/#/design/x');
    expect(allowed).toBe(true);
    expect(item.setSaveDialogOptions).toHaveBeenCalledExactlyOnceWith({
      title: 'Save report',
      defaultPath: 'Checkout-feedback.pdf',
    });
    // No save path: Electron asks the user where the file goes.
    expect(item.setSavePath).not.toHaveBeenCalled();
  });

  it('names a review package as such in the save dialog', () => {
    const { allowed, item } = download(
      'blob:crit://app/5f0c7b0e-1d2a',
      'crit://app/#/designs/x',
      undefined,
      'Checkout.critpkg',
    );
    expect(allowed).toBe(true);
    expect(item.setSaveDialogOptions).toHaveBeenCalledExactlyOnceWith({
      title: 'Save review package',
      defaultPath: 'Checkout.critpkg',
    });
  });

  it('cancels every other download', () => {
    const cases: [string, string][] = [
      ['https://example.com/setup.exe', 'crit://app/'],
      ['blob:https://example.com/5f0c', 'crit://app/'],
      ['blob:crit://evil/5f0c', 'crit://app/'],
      ['blob:crit://user:pw@app/5f0c', 'crit://app/'],
      ['data:application/pdf;base64,JVBERi0=', 'crit://app/'],
      ['file:///etc/passwd', 'crit://app/'],
      ['crit://app/media/x.png', 'crit://app/'],
      ['blob:crit://app/5f0c', 'https://example.com/'],
      ['blob:crit://app/5f0c', ''],
      ['blob:', 'crit://app/'],
    ];
    for (const [url, from] of cases) {
      const { allowed, item } = download(url, from);
      expect(allowed, `${url} from ${from}`).toBe(false);
      expect(item.setSaveDialogOptions).not.toHaveBeenCalled();
    }
  });

  it("allows the dev server's own Blob URLs in development only", () => {
    const dev = 'http://localhost:5173';
    expect(download('blob:http://localhost:5173/5f0c', 'http://localhost:5173/', dev).allowed).toBe(
      true,
    );
    expect(download('blob:http://localhost:5173/5f0c', 'http://localhost:5173/').allowed).toBe(
      false,
    );
    expect(isOwnBlobUrl('blob:http://localhost:5174/5f0c', dev)).toBe(false);
  });
});

describe('installSecurity', () => {
  it('hardens every webContents the app creates', () => {
    const app = fake.app;
    installSecurity(app as unknown as App);
    const contents = new FakeWebContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    const event = fakeEvent('https://example.com/');
    contents.emit('will-navigate', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('leaves the webContents it is told to exempt (capture windows) to their own rules', () => {
    const app = fake.app;
    app.removeAllListeners('web-contents-created');
    const exempt = new FakeWebContents();
    const other = new FakeWebContents();
    installSecurity(app as unknown as App, { exempt: (c) => c === (exempt as unknown) });
    app.emit('web-contents-created', {}, exempt);
    app.emit('web-contents-created', {}, other);
    expect(exempt.setWindowOpenHandler).not.toHaveBeenCalled();
    expect(other.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    const event = fakeEvent('https://example.com/');
    exempt.emit('will-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
