/**
 * Child process for data-folder.test.ts: opens a data folder, says so, and holds it
 * until killed (or for 20 s, should the test die). node folder-holder.ts <data folder>
 */
import fs from 'node:fs';
import { openDataFolder } from '../../../../src/core/store/data-folder.ts';

const folder = openDataFolder(process.argv[2] as string);
fs.writeSync(1, 'ready\n');
setTimeout(() => folder.close(), 20_000);
