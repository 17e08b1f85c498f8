import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_FILE, openDataFolder } from '../../src/core/store/data-folder.ts';
import { createDesign } from '../../src/core/store/designs.ts';
import { addPage } from '../../src/core/store/pages.ts';
import { saveProfile } from '../../src/core/store/reviewers.ts';
import { makeImage } from '../../tests/unit/core/store/helpers.ts';

/** A temporary data folder with one design, one page and a profile to write as. */
export interface SoakFolder {
  dir: string;
  databaseFile: string;
  designId: string;
  pageId: string;
  reviewerId: string;
  cleanup(): void;
}

/** Creates and seeds a data folder under the system's temporary folder. */
export async function seedSoakFolder(label: string): Promise<SoakFolder> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `crit-soak-${label}-`));
  const folder = openDataFolder(dir);
  try {
    const design = createDesign(folder.db, { name: `Soak ${label}` });
    const page = await addPage(folder.db, folder.images, design.id, {
      name: 'home',
      bytes: await makeImage(120, 200),
    });
    const me = await saveProfile(folder.db, folder.images, { name: 'Soak', role: 'peer' });
    return {
      dir,
      databaseFile: path.join(dir, DATABASE_FILE),
      designId: design.id,
      pageId: page.id,
      reviewerId: me.reviewerId,
      cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    folder.close();
  }
}
