import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { openDataFolder, type DataFolder } from '../../../../src/core/store/data-folder.ts';

/** A fresh temporary folder, removed by the returned cleanup. */
export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crit-store-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A data folder in a fresh temporary folder; `cleanup` closes and removes it. */
export function makeDataFolder(): DataFolder & { dir: string; cleanup: () => void } {
  const temp = makeTempDir();
  const folder = openDataFolder(temp.dir);
  return {
    ...folder,
    dir: temp.dir,
    cleanup: () => {
      folder.close();
      temp.cleanup();
    },
  };
}

/** A real image of the given size and format, with some texture so formats differ. */
export async function makeImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  colour = '#3366aa',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.min(height, 40)}"><rect width="${Math.ceil(width / 2)}" height="20" fill="#ffffff"/></svg>`,
      ),
      top: 0,
      left: 0,
    },
  ]);
  return image.toFormat(format).toBuffer();
}

/** Every row of every table, to check that a refused call changed nothing. */
export function snapshot(db: DatabaseSync): Record<string, unknown[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]),
  );
}
