import { useCallback, useState } from 'react';

/**
 * Runs user actions that call the bridge, keeping the last error to show. An action
 * that fails changes nothing on screen but the error message.
 */
export function useAsyncAction() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  /** Runs an action for its effect; true when it worked. */
  const attempt = useCallback(
    async (action: () => Promise<unknown>): Promise<boolean> =>
      (await run(async () => {
        await action();
        return true;
      })) === true,
    [run],
  );
  return { run, attempt, error, busy, clearError: () => setError(null) };
}
