import { useCallback, useState } from 'react';
import { CritError } from '../../../shared/errors.ts';
import type { ProgressStep } from '../../../shared/events.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { onEvent } from '../bridge/events.ts';

/** What the file dialog offers; main decodes each file to be sure. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/**
 * The bytes of a chosen or dropped image file. A file over the size limit is refused
 * before it is read: it may be a video or a disk image with an image's name, too big to
 * hold in memory, and main would refuse it anyway.
 */
export async function readImageFile(file: File): Promise<Uint8Array> {
  if (file.size > LIMITS.imageBytes) {
    const mb = (Math.ceil((file.size / 1024 / 1024) * 10) / 10).toFixed(1);
    throw new CritError(
      'too-large',
      `The file is ${mb} MB; Crit takes image files up to ${LIMITS.imageBytes / 1024 / 1024} MB.`,
    );
  }
  return new Uint8Array(await file.arrayBuffer());
}

/** Progress of a running import, for the status line, as main reports it. */
export interface ImportProgress {
  done: number;
  total: number;
  /** The step under way or just ended, e.g. "home: checking the image". */
  detail: string;
}

/** A page name from a file name: without its extension, never empty. */
export function pageNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return (base || fileName || 'Untitled').slice(0, 120);
}

/**
 * Imports files one after another, so one bad file does not stop the rest. Each call
 * names its place in the import (one task id for the whole import), and the progress
 * shown is what main reports through `progress:update` events for that task. Returns
 * the per-file errors, each naming its file.
 */
export function useImageImport(importOne: (file: File, step: ProgressStep) => Promise<void>) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const run = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const taskId = crypto.randomUUID();
      const total = files.length;
      setProgress({ done: 0, total, detail: '' });
      const stop = onEvent('progress:update', (update) => {
        if (update.taskId !== taskId) return;
        setProgress({ done: update.done, total: update.total, detail: update.detail ?? '' });
      });
      const failed: string[] = [];
      try {
        for (const [index, file] of files.entries()) {
          try {
            await importOne(file, { taskId, index, total });
          } catch (e) {
            failed.push(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      } finally {
        stop();
        setProgress(null);
        setErrors(failed);
      }
    },
    [importOne],
  );
  return { run, progress, errors, clearErrors: () => setErrors([]) };
}
