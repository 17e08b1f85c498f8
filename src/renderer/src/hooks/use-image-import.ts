import { useCallback, useState } from 'react';

/** What the file dialog offers; main decodes each file to be sure. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/** Progress of a running import, for the status line. */
export interface ImportProgress {
  done: number;
  total: number;
  current: string;
}

/** A page name from a file name: without its extension, never empty. */
export function pageNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return (base || fileName || 'Untitled').slice(0, 120);
}

/**
 * Imports files one after another, so progress is real and one bad file does not stop
 * the rest. Returns the per-file errors, each naming its file.
 */
export function useImageImport(importOne: (file: File) => Promise<void>) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const run = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const failed: string[] = [];
      for (const [index, file] of files.entries()) {
        setProgress({ done: index, total: files.length, current: file.name });
        try {
          await importOne(file);
        } catch (e) {
          failed.push(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      setProgress(null);
      setErrors(failed);
    },
    [importOne],
  );
  return { run, progress, errors, clearErrors: () => setErrors([]) };
}
