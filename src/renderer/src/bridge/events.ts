import type { RawApi } from '../../../shared/contract.ts';
import type {
  AnyEventListener,
  EventListener,
  EventName,
  EventPayload,
  OnEvent,
} from '../../../shared/events.ts';

type Listeners = Map<EventName, Set<(payload: unknown) => void>>;

/**
 * Browser mode's `on`: one event stream for the page, opened with the first listener
 * and closed with the last. The stream's client (and the schemas it checks events
 * with) loads only then, so the landing screen paints without it.
 */
export function createStreamEvents(
  connect: () => Promise<(listener: AnyEventListener) => () => void>,
): OnEvent {
  const listeners: Listeners = new Map();
  let close: (() => void) | null = null;
  let opening = false;
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  const dispatch: AnyEventListener = (event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const open = () => {
    if (close || opening) return;
    opening = true;
    connect().then(
      (start) => {
        opening = false;
        // Everyone may have left while the client loaded.
        if (count() > 0) close = start(dispatch);
      },
      (error: unknown) => {
        opening = false;
        console.error('Crit could not open its event stream:', error);
      },
    );
  };
  return <E extends EventName>(event: E, listener: EventListener<E>) => {
    const forward = listener as (payload: unknown) => void;
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(forward);
    open();
    return () => {
      set.delete(forward);
      if (count() === 0 && close) {
        close();
        close = null;
      }
    };
  };
}

let streamEvents: OnEvent | null = null;

/**
 * Subscribes to one event from main: through the preload in the desktop app, through
 * the server's event stream in browser mode. The listener gets the payload; the
 * returned function unsubscribes.
 */
export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  // The preload's API, when there is one (declared on Window in api.ts).
  const desktop = (window as Window & { api?: RawApi }).api;
  if (desktop) return desktop.on(event, listener);
  streamEvents ??= createStreamEvents(() =>
    import('./event-stream.ts').then((m) => (listener) => m.connectEventStream(listener)),
  );
  return streamEvents(event, listener);
}
