import { EventEmitter } from 'node:events';
import { ReplayDebugger } from './cdp-recorder.ts';

/**
 * Just enough of `electron` for the capture window: BrowserWindow and session.fromPartition,
 * each recording what the capture host asked of it so a test can call its handlers.
 */

type Nav = { url: string; preventDefault(): void };

/** A session whose handlers can be called as Electron would. */
export class FakeSession {
  cleared = false;
  permissionRequest?: (permission: string) => boolean;
  permissionCheck?: () => boolean;
  /** Emits will-download; resolves to the event, to see whether it was prevented. */
  download?: () => { defaultPrevented: boolean };
  /** Runs onBeforeRequest for a URL; true when it was cancelled. */
  request?: (url: string) => boolean;
  setPermissionRequestHandler(h: (c: unknown, p: string, cb: (ok: boolean) => void) => void) {
    this.permissionRequest = (p) => {
      let answer = true;
      h(null, p, (ok) => (answer = ok));
      return answer;
    };
  }
  setPermissionCheckHandler(h: () => boolean) {
    this.permissionCheck = h;
  }
  setDevicePermissionHandler() {}
  on(event: string, h: (e: { preventDefault(): void }) => void) {
    if (event !== 'will-download') return;
    this.download = () => {
      const e = { defaultPrevented: false, preventDefault: () => (e.defaultPrevented = true) };
      h(e);
      return e;
    };
  }
  webRequest = {
    onBeforeRequest: (h: (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void) => {
      this.request = (url) => {
        let cancel = false;
        h({ url }, (r) => (cancel = r.cancel));
        return cancel;
      };
    },
  };
  async clearStorageData() {
    this.cleared = true;
  }
}

/** A webContents with a debugger and the navigation hooks. */
class FakeContents extends EventEmitter {
  openHandler?: () => unknown;
  readonly debugger: ReplayDebugger;
  constructor(dbg: ReplayDebugger) {
    super();
    this.debugger = dbg;
  }
  setWindowOpenHandler(h: () => unknown) {
    this.openHandler = h;
  }
  /** Emits a navigation event; true when the handler prevented it. */
  navigate(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    const e: Nav = { url, preventDefault: () => (prevented = true) };
    this.emit(event, e);
    return prevented;
  }
}

let nextDebugger: () => ReplayDebugger = () => new ReplayDebugger([]);
/** Which debugger the next windows get. */
export function useDebugger(make: () => ReplayDebugger): void {
  nextDebugger = make;
}

const sessions = new Map<string, FakeSession>();

/** A hidden BrowserWindow; `partition` and `session` say which session it was given. */
export class FakeWindow {
  readonly webContents = new FakeContents(nextDebugger());
  destroyed = false;
  readonly session: FakeSession;
  readonly partition: string;
  readonly options: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    this.options = options;
    this.session = (options.webPreferences as { session: FakeSession }).session;
    this.partition = [...sessions].find(([, s]) => s === this.session)?.[0] ?? '';
    windows.push(this);
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
  }
}

/** Every window made, in order. */
export const windows: FakeWindow[] = [];

/** The module `vi.mock('electron')` answers with. */
export const fakeElectron = {
  BrowserWindow: FakeWindow,
  session: {
    fromPartition(partition: string) {
      const made = new FakeSession();
      sessions.set(partition, made);
      return made;
    },
  },
};
