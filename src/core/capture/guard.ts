import { CaptureError } from './capture-error.ts';

/**
 * Bounds every step of a capture: a step resolves, or the whole capture's deadline
 * passes, or the caller aborts, whichever comes first. A hostile page can stall any CDP
 * call (an endless script, a blocked renderer), so nothing is awaited without this.
 */
export interface Guard {
  /** Resolves like `work`, or rejects with a CaptureError at the deadline or on abort. */
  run<T>(work: Promise<T>, limitMs?: number, onLimit?: () => CaptureError): Promise<T>;
  /** Throws at once when the capture has been cancelled or its time is up. */
  check(): void;
  /** Stops the timers; call when the capture ends. */
  dispose(): void;
}

/** Builds a guard with a deadline `totalMs` from now and an optional abort signal. */
export function createGuard(totalMs: number, signal?: AbortSignal): Guard {
  let failure: CaptureError | null = null;
  const stoppers = new Set<(error: CaptureError) => void>();
  const fail = (error: CaptureError) => {
    if (failure) return;
    failure = error;
    for (const stop of stoppers) stop(error);
  };
  const timer = setTimeout(
    () =>
      fail(
        new CaptureError(
          'timeout',
          `The capture did not finish within its ${seconds(totalMs)} limit.`,
        ),
      ),
    totalMs,
  );
  const onAbort = () => fail(new CaptureError('cancelled', 'The capture was cancelled.'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });

  return {
    run(work, limitMs, onLimit) {
      if (failure) {
        work.catch(() => {});
        return Promise.reject(failure);
      }
      return new Promise((resolve, reject) => {
        let stepTimer: ReturnType<typeof setTimeout> | undefined;
        const stop = (error: CaptureError) => {
          finish();
          reject(error);
        };
        const finish = () => {
          stoppers.delete(stop);
          if (stepTimer) clearTimeout(stepTimer);
        };
        stoppers.add(stop);
        if (limitMs !== undefined) {
          stepTimer = setTimeout(
            () =>
              stop(
                onLimit?.() ??
                  new CaptureError('timeout', `A capture step took over ${seconds(limitMs)}.`),
              ),
            limitMs,
          );
        }
        work.then(
          (value) => {
            finish();
            resolve(value);
          },
          (error: unknown) => {
            finish();
            reject(error);
          },
        );
      });
    },
    check() {
      if (failure) throw failure;
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** "15 s", "1.5 s": a duration as the messages say it. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
