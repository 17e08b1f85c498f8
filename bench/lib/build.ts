import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT } from './servers.ts';

/** Where the baseline pages are built (git-ignored). */
export const BASELINE_OUT = path.join(ROOT, 'bench', 'tmp', 'baseline');

/** Builds the app as the desktop and browser modes ship it (`electron-vite build`). */
export function buildApp(): void {
  execFileSync(path.join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}

/** Builds the bare React pages under bench/baseline with Vite and the React plugin. */
export async function buildBaselines(): Promise<void> {
  for (const name of ['pins', 'hello']) {
    await build({
      root: path.join(ROOT, 'bench', 'baseline', name),
      base: '/',
      plugins: [react()],
      logLevel: 'error',
      configFile: false,
      build: {
        outDir: path.join(BASELINE_OUT, name),
        emptyOutDir: true,
        minify: true,
      },
    });
  }
}

/** The gzipped size (level 9) of every .js file under `dir`, in bytes. */
export function gzippedJs(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    total += gzipSync(fs.readFileSync(file), { level: 9 }).byteLength;
  }
  return total;
}

/** The gzipped size (level 9) of the .js and the .css files under `dir`, in bytes. */
export function gzippedAssets(dir: string): { file: string; ext: 'js' | 'css'; bytes: number }[] {
  const found: { file: string; ext: 'js' | 'css'; bytes: number }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const ext = entry.name.endsWith('.js') ? 'js' : entry.name.endsWith('.css') ? 'css' : null;
    if (!entry.isFile() || !ext) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.push({ file, ext, bytes: gzipSync(fs.readFileSync(file), { level: 9 }).byteLength });
  }
  return found;
}
