import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDataFolder, type DataFolder } from '../../../src/core/store/data-folder.ts';
import { addComment, addReply, setCommentStatus } from '../../../src/core/store/comments.ts';
import { createDesign } from '../../../src/core/store/designs.ts';
import { addPage } from '../../../src/core/store/pages.ts';
import { saveProfile } from '../../../src/core/store/reviewers.ts';
import { makeImage, makeTempDir } from '../core/store/helpers.ts';

/** A data folder with some of everything in it, for calls to be refused against. */
export interface SeededFolder {
  dir: string;
  folder: DataFolder;
  /** Every id of every seeded record (designs, pages, reviewers, comments, replies). */
  ids: string[];
  /** Small real images, in each accepted format. */
  images: Uint8Array[];
  cleanup(): void;
}

/** Opens a temporary data folder and fills it: two designs, pages, a profile, comments. */
export async function seedFolder(): Promise<SeededFolder> {
  const temp = makeTempDir();
  const folder = openDataFolder(temp.dir);
  const images = [
    new Uint8Array(await makeImage(40, 60, 'png')),
    new Uint8Array(await makeImage(30, 20, 'jpeg', '#aa3366')),
    new Uint8Array(await makeImage(24, 24, 'webp', '#33aa66')),
  ];
  const me = await saveProfile(folder.db, folder.images, {
    name: 'Ada',
    role: 'expert',
    avatar: images[2]!,
  });
  const ids = [me.reviewerId];
  for (const name of ['Home', 'Checkout']) {
    const design = createDesign(folder.db, { name, description: `${name} flow` });
    ids.push(design.id);
    for (const [i, bytes] of images.slice(0, 2).entries()) {
      const page = await addPage(folder.db, folder.images, design.id, { name: `p${i}`, bytes });
      ids.push(page.id);
      const comment = addComment(folder.db, {
        pageId: page.id,
        reviewerId: me.reviewerId,
        tag: 'button',
        contents: `Seeded comment on ${name} ${i}`,
        x: 10 * (i + 1),
        y: 20,
      });
      ids.push(comment.id);
      const reply = addReply(folder.db, {
        commentId: comment.id,
        reviewerId: me.reviewerId,
        contents: 'Seeded reply',
      });
      ids.push(reply.id);
      if (i === 1) setCommentStatus(folder.db, comment.id, me.reviewerId, 'resolved');
    }
  }
  return {
    dir: temp.dir,
    folder,
    ids,
    images,
    cleanup: () => {
      if (folder.db.isOpen) folder.db.close();
      temp.cleanup();
    },
  };
}

function walk(root: string, dir = root): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(root, full) : [path.relative(root, full)];
    })
    .sort();
}

/**
 * Hashes every file of the data folder: the database, its WAL and each image (and any
 * stray temporary file). The `-shm` file is left out: it is SQLite's shared-memory index,
 * rewritten by reads, not data. Byte hashes are stable here because a refused call either
 * never reaches SQLite or rolls back before anything is written to the WAL, and nothing
 * checkpoints between two fingerprints (the test checks this on an idle folder).
 */
export function fingerprint(dir: string): Record<string, string> {
  return Object.fromEntries(
    walk(dir)
      .filter((file) => !file.endsWith('-shm'))
      .map((file) => [
        file,
        createHash('sha256')
          .update(fs.readFileSync(path.join(dir, file)))
          .digest('hex'),
      ]),
  );
}
