import {
  events,
  type AnyEventListener,
  type EventName,
  type EventPayload,
} from '../shared/events.ts';

/** Where the core announces events; each host forwards them to its renderers. */
export interface EventHub {
  /** Checks the payload against its declaration and hands it to every subscriber. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Adds a subscriber; the returned function removes it. */
  subscribe(listener: AnyEventListener): () => void;
}

/** Builds an event hub. A subscriber that throws is logged and does not stop the others. */
export function createEventHub(log: (error: unknown) => void = (e) => console.error(e)): EventHub {
  const listeners = new Set<AnyEventListener>();
  return {
    emit(event, payload) {
      // A payload that breaks its own declaration is a bug in main: fail loudly here.
      const checked = events[event].parse(payload) as EventPayload<typeof event>;
      for (const listener of listeners) {
        try {
          listener(event, checked);
        } catch (error) {
          log(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
