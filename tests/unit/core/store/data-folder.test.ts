import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDataFolder } from '../../../../src/core/store/data-folder.ts';
import { createDesign, listDesigns } from '../../../../src/core/store/designs.ts';
import { CritError } from '../../../../src/shared/errors.ts';
import { makeImage, makeTempDir } from './helpers.ts';

const HOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'folder-holder.ts');
const posix = process.platform !== 'win32';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
});

function tempDir(): string {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  return temp.dir;
}

/** Starts a process that opens `dir` and holds it; resolves once it has. */
function holdInChild(dir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOLDER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`holder exited ${code}: ${stderr}`)));
  });
}

const refusalOf = (dir: string): CritError => {
  try {
    openDataFolder(dir).close();
  } catch (error) {
    return error as CritError;
  }
  throw new Error('the folder opened');
};

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('openDataFolder', () => {
  it('creates the folder, the database and the image store, and reopens them', () => {
    const dir = path.join(tempDir(), 'nested', 'Crit');
    const first = openDataFolder(dir);
    createDesign(first.db, { name: 'Kept' });
    first.close();
    expect(fs.existsSync(path.join(dir, 'crit.sqlite'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'images')).isDirectory()).toBe(true);

    const second = openDataFolder(dir);
    expect(listDesigns(second.db).map((d) => d.name)).toEqual(['Kept']);
    expect(second.images.root).toBe(fs.realpathSync(path.join(dir, 'images')));
    second.close();
  });

  it.runIf(posix)(
    'keeps the folder 0700 and its files 0600, tightening an open folder',
    async () => {
      const dir = path.join(tempDir(), 'data');
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      const folder = openDataFolder(dir);
      const hash = await folder.images.put(await makeImage(8, 8), 'png');
      createDesign(folder.db, { name: 'Private' });
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(folder.images.root)).toBe(0o700);
      expect(modeOf(path.dirname(folder.images.pathOf(hash, 'png')))).toBe(0o700);
      expect(modeOf(folder.images.pathOf(hash, 'png'))).toBe(0o600);
      for (const name of ['crit.sqlite', 'crit.sqlite-wal', 'crit.lock']) {
        expect([name, modeOf(path.join(dir, name))]).toEqual([name, 0o600]);
      }
      folder.close();
    },
  );

  it('refuses a second opening in the same process, naming the folder', () => {
    const dir = tempDir();
    const first = openDataFolder(dir);
    const error = refusalOf(dir);
    expect(error).toBeInstanceOf(CritError);
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(dir);
    first.close();
    openDataFolder(dir).close(); // let go: it opens again
  });

  it('refuses a folder another process holds, and opens it once that process is killed', async () => {
    const dir = tempDir();
    openDataFolder(dir).close();
    const child = await holdInChild(dir);
    const error = refusalOf(dir);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      `The data folder ${dir} is already in use by another Crit. Close that one first, or start this one with another data folder.`,
    );
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    // The lock died with the process: no stale lock to clear by hand.
    const folder = openDataFolder(dir);
    expect(listDesigns(folder.db)).toEqual([]);
    folder.close();
  });
});
