import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDataFolder } from '../../../../src/core/store/data-folder.ts';
import { createDesign, listDesigns } from '../../../../src/core/store/designs.ts';
import { makeTempDir } from './helpers.ts';

let cleanup = () => {};
afterEach(() => cleanup());

describe('openDataFolder', () => {
  it('creates the folder, the database and the image store, and reopens them', () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    const dir = path.join(temp.dir, 'nested', 'Crit');
    const first = openDataFolder(dir);
    createDesign(first.db, { name: 'Kept' });
    first.close();
    expect(fs.existsSync(path.join(dir, 'crit.sqlite'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'images')).isDirectory()).toBe(true);

    const second = openDataFolder(dir);
    expect(listDesigns(second.db).map((d) => d.name)).toEqual(['Kept']);
    expect(second.images.root).toBe(path.join(dir, 'images'));
    second.close();
  });
});
