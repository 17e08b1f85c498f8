import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './helpers.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'intake-cost-child.ts');
const MiB = 1024 * 1024;

interface Cost {
  bytes: number;
  ok: boolean;
  error: { code: string; message: string } | null;
  ms: number;
  peakGrowth: number;
}

let cleanup = () => {};
afterEach(() => cleanup());

/** Runs one import in a fresh process, so its peak memory is its own. */
function measure(mode: 'page' | 'avatar', rawWidth: number): Promise<Cost> {
  const temp = makeTempDir();
  cleanup = temp.cleanup;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, temp.dir, mode, String(rawWidth)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`child exited ${code}: ${stderr}`));
      else resolve(JSON.parse(stdout) as Cost);
    });
  });
}

// A 4.7 KB JPEG of 40000 × 10 px with EXIF orientation 6 shows as 10 × 40000: legal.
// Before the intake was bounded, it took 33 s and 2.9 GB as a page (7.5 s, 0.9 GB as an
// avatar), and as much to be refused one pixel longer.
describe('the cost of a tiny, very long JPEG', () => {
  it.each([
    ['page', 40_000, true],
    ['page', 40_001, false],
    ['avatar', 40_000, true],
    ['avatar', 40_001, false],
  ] as const)(
    'as %s at %i × 10 px: answered in under 2 s with under 300 MiB',
    async (mode, rawWidth, accepted) => {
      const cost = await measure(mode, rawWidth);
      expect(cost.bytes).toBeLessThan(8000);
      expect(cost.ok).toBe(accepted);
      if (!accepted) {
        expect(cost.error).toEqual({
          code: 'too-large',
          message: 'The image is 40,001 px tall; Crit takes images up to 40,000 px tall.',
        });
      }
      expect(cost.ms).toBeLessThan(2000);
      expect(cost.peakGrowth).toBeLessThan(300 * MiB);
    },
  );
});
