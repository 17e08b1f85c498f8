import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { PackageOpened } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { api } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';
import {
  addPackageNoticeAtom,
  designReloadAtom,
  packageProgressAtom,
} from '../state/package-atoms.ts';

/** What the file chooser offers for review packages. */
export const PACKAGE_ACCEPT = '.critpkg';

/**
 * What to do once a package was opened, here or by main (a double-click): go to its
 * design, loaded afresh if the package changed it, and say what changed.
 */
export function useShowOpened() {
  const [, navigate] = useLocation();
  const setNotice = useSetAtom(addPackageNoticeAtom);
  const reload = useSetAtom(designReloadAtom);
  return useCallback(
    (fileName: string, result: PackageOpened) => {
      if (result.changed) reload((n) => n + 1);
      navigate(`/designs/${result.designId}`);
      setNotice({ kind: 'opened', fileName, result });
    },
    [navigate, setNotice, reload],
  );
}

/**
 * Opens review packages chosen or dropped by the user, one after another, through
 * `packages.open`. Progress comes from main's `package-open:*` events; each outcome, a
 * merge or a refusal naming the problem, is shown by the package dialog.
 */
export function useOpenPackages() {
  const setNotice = useSetAtom(addPackageNoticeAtom);
  const setProgress = useSetAtom(packageProgressAtom);
  const showOpened = useShowOpened();
  return useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const fileName = file.name;
        if (file.size > LIMITS.packageBytes) {
          const mib = LIMITS.packageBytes / 1024 / 1024;
          const message = `Review packages over ${mib} MiB are not accepted.`;
          setNotice({ kind: 'failed', fileName, message });
          continue;
        }
        setProgress({ fileName, done: 0, total: 0, detail: 'reading the file' });
        // One package at a time is opened from here: its events are the ones under way.
        const stop = onEvent('progress:update', (update) => {
          if (!update.taskId.startsWith('package-open:') || update.finished) return;
          const { done, total } = update;
          setProgress({ fileName, done, total, detail: update.detail ?? '' });
        });
        try {
          const bytes = new Uint8Array(await file.arrayBuffer());
          showOpened(fileName, await api.packages.open({ bytes }));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          setNotice({ kind: 'failed', fileName, message });
        } finally {
          stop();
          setProgress(null);
        }
      }
    },
    [setNotice, setProgress, showOpened],
  );
}
