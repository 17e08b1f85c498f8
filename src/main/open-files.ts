import { statSync } from 'node:fs';
import path from 'node:path';

/** The extension of a review package. */
export const PACKAGE_EXTENSION = '.critpkg';

/** Most paths one launch hands on (the `app:open-files` declaration's limit). */
const MAX_PATHS = 100;
/** Longest path handed on (the declaration's limit). */
const MAX_PATH_LENGTH = 4096;

function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The review packages named in a launch's arguments (a second launch's argv, a file
 * macOS asks Crit to open): absolute paths of existing regular files ending in
 * `.critpkg`, each once. Switches, other files, folders, devices and missing paths are
 * dropped, so nothing else ever reaches the renderer.
 */
export function packagePathsFrom(
  args: readonly unknown[],
  workingDirectory: string,
  isFile: (file: string) => boolean = isRegularFile,
): string[] {
  const found: string[] = [];
  for (const arg of args) {
    if (found.length === MAX_PATHS) break;
    if (typeof arg !== 'string' || arg.startsWith('-') || arg.includes('\0')) continue;
    if (path.extname(arg).toLowerCase() !== PACKAGE_EXTENSION) continue;
    const file = path.resolve(workingDirectory, arg);
    if (file.length > MAX_PATH_LENGTH || found.includes(file) || !isFile(file)) continue;
    found.push(file);
  }
  return found;
}
