import { useCallback, useRef, useState } from 'react';

/** How one kind of action is doing: running, and the last error it ended with. */
export interface ActionState {
  busy: boolean;
  error: string | null;
}

const IDLE: ActionState = { busy: false, error: null };

/** Runs one kind of action; undefined when it failed (its error is kept). */
export type Run = <T>(action: () => Promise<T>) => Promise<T | undefined>;
/** Runs one kind of action for its effect; true when it worked. */
export type Attempt = (action: () => Promise<unknown>) => Promise<boolean>;

/**
 * Busy and error state kept per kind of action (import, rename, delete, comment save,
 * …), so one failing or running does not stand for the whole screen. An action that
 * fails changes nothing on screen but its own error message.
 */
export function useActionStatus<K extends string>() {
  const [states, setStates] = useState<Partial<Record<K, ActionState>>>({});
  const update = useCallback(
    (kind: K, state: ActionState) => setStates((s) => ({ ...s, [kind]: state })),
    [],
  );
  const runners = useRef(new Map<K, { run: Run; attempt: Attempt }>());

  /** The run and attempt functions of one kind, the same ones on every render. */
  const of = useCallback(
    (kind: K) => {
      let runner = runners.current.get(kind);
      if (runner) return runner;
      let running = 0;
      const run: Run = async (action) => {
        running++;
        update(kind, { busy: true, error: null });
        try {
          const value = await action();
          update(kind, { busy: --running > 0, error: null });
          return value;
        } catch (e) {
          update(kind, { busy: --running > 0, error: e instanceof Error ? e.message : String(e) });
          return undefined;
        }
      };
      const attempt: Attempt = async (action) =>
        (await run(async () => {
          await action();
          return true;
        })) === true;
      runner = { run, attempt };
      runners.current.set(kind, runner);
      return runner;
    },
    [runners, update],
  );

  const state = (kind: K): ActionState => states[kind] ?? IDLE;
  const errors = (Object.entries(states) as [K, ActionState | undefined][]).flatMap(([kind, s]) =>
    s?.error ? [{ kind, message: s.error }] : [],
  );
  const dismiss = (kind: K) => update(kind, { ...state(kind), error: null });
  return { of, state, errors, dismiss };
}
